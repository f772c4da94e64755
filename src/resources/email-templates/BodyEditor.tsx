import { useEffect, useRef } from 'react';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import {
  AlignmentButtons,
  DefaultEditorOptions,
  ClearButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { required, useTranslate } from 'react-admin';
import { cspNonce } from '../../theme/cspNonce';
import { LevelSelect } from './LevelSelect';
import { placeholderText, usePlaceholders } from './usePlaceholders';

/**
 * The placeholders as buttons: a click writes `{{key}}` where the cursor was in the body, or at
 * its end when the body has not been clicked into yet. It lives in the editor's toolbar, the
 * only place that can reach the editor.
 */
function PlaceholderButtons() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const placeholders = usePlaceholders();
  const cursorPlaced = useRef(false);
  useEffect(() => {
    if (!editor) return undefined;
    const placed = () => {
      cursorPlaced.current = true;
    };
    editor.on('focus', placed);
    return () => {
      editor.off('focus', placed);
    };
  }, [editor]);

  const insert = (key: string) => {
    if (!editor) return;
    const chain = cursorPlaced.current ? editor.chain().focus() : editor.chain().focus('end');
    chain.insertContent(placeholderText(key)).run();
  };

  if (!placeholders.length) return null;
  return (
    <Box role="group" aria-labelledby="placeholders-label" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, width: '100%' }}>
      <Typography id="placeholders-label" variant="body2" color="text.secondary">
        {translate('mailing.placeholders.title')}
      </Typography>
      {placeholders.map((placeholder) => (
        <Tooltip
          key={placeholder.key}
          title={translate('mailing.placeholders.example', { example: placeholder.example })}
        >
          <Chip
            size="small"
            variant="outlined"
            // The chip's text is the code it writes; its name says so and adds the code's meaning
            // (the name holds the text: WCAG 2.5.3, label in name).
            aria-label={translate('mailing.placeholders.insert', {
              code: placeholderText(placeholder.key),
              name: translate(`mailing.placeholders.keys.${placeholder.key}`, { _: placeholder.key }),
            })}
            label={<bdi dir="ltr">{placeholderText(placeholder.key)}</bdi>}
            // Keep the editor's cursor where it is: the chip takes no focus on mouse down.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(placeholder.key)}
            sx={{ fontFamily: 'monospace' }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

/**
 * The toolbar's buttons at ra-input-rich-text's medium size (a 24 px icon in a 4 px padding): its
 * small ones are an 18 px icon in 2.4 px, under the 24 × 24 px a pointer target needs (WCAG 2.5.8),
 * and sit side by side in their groups, so no spacing makes up for it.
 */
const toolbar = (
  <RichTextInputToolbar size="medium">
    <LevelSelect />
    <FormatButtons size="medium" />
    <AlignmentButtons size="medium" />
    <ListButtons size="medium" />
    <LinkButtons size="medium" />
    <ImageButtons size="medium" />
    <QuoteButtons size="medium" />
    <ClearButtons size="medium" />
    <PlaceholderButtons />
  </RichTextInputToolbar>
);

const BODY_ID = 'template-body';
/**
 * The id our hook gives the field's label. ra-input-rich-text points aria-labelledby at
 * `${id}-label`, which react-admin's Labeled puts on its whole box — label, toolbar and text — so
 * the text's name would be "Body Text style Normal text Insert the placeholder…". The label alone names it.
 */
const BODY_LABEL_ID = `${BODY_ID}-name`;

/**
 * A template's text runs in its own direction (an English mail in the Arabic interface stays left
 * to right). The editable area (a textbox) is named by the field's label. Tiptap writes its own
 * base styles into a <style>: it carries the page's CSP nonce (src/theme/cspNonce.ts).
 */
const editorOptions = {
  ...DefaultEditorOptions,
  injectNonce: cspNonce(),
  editorProps: { attributes: { dir: 'auto', 'aria-labelledby': BODY_LABEL_ID } },
};

/**
 * ra-input-rich-text names the editor's wrapper `div` with aria-labelledby but gives it no role,
 * where a name is not allowed (axe aria-prohibited-attr) and is never read. As a group, the
 * wrapper's name is read on entering the toolbar and the text. The label gets an id of its own
 * (BODY_LABEL_ID) that names the group and the text. React leaves attributes it does not manage,
 * or whose prop does not change, alone, so setting them once per element is enough.
 */
function useLabelledEditorGroup() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const label = () => {
      const element = ref.current?.querySelector('.RaLabeled-label');
      if (element && element.id !== BODY_LABEL_ID) element.id = BODY_LABEL_ID;
      for (const wrapper of ref.current?.querySelectorAll('.RaRichTextInput-editorContent') ?? []) {
        if (wrapper.getAttribute('role') !== 'group') wrapper.setAttribute('role', 'group');
        if (wrapper.getAttribute('aria-labelledby') !== BODY_LABEL_ID) wrapper.setAttribute('aria-labelledby', BODY_LABEL_ID);
      }
    };
    // Only when an element is added: our own attribute changes are not observed, so they cannot loop.
    const observer = new MutationObserver(label);
    if (ref.current) observer.observe(ref.current, { childList: true, subtree: true });
    label();
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * The template's body in the rich editor (tiptap, through ra-input-rich-text). Only the template
 * screens import this module, so the rest of the back office never downloads the editor.
 */
export function BodyEditor() {
  const ref = useLabelledEditorGroup();
  // A link alone on its line (a mail's "Unsubscribe") is a pointer target of its text's height,
  // about 17 px, under the 24 px WCAG 2.5.8 asks of a target outside a sentence. Padding above
  // and below makes its box 24 px or more without moving a line: an inline box's vertical padding
  // takes no room in the line, and the mail as sent keeps its own styles.
  const editorSx = { '& .ProseMirror': { minHeight: 240 }, '& .ProseMirror a[href]': { paddingBlock: '4px' } };
  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      <RichTextInput id={BODY_ID} source="body" toolbar={toolbar} editorOptions={editorOptions} validate={required()} fullWidth sx={editorSx} />
    </Box>
  );
}
