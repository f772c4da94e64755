import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
// The heading and paragraph extensions (in ra-input-rich-text's StarterKit) declare their commands.
import type {} from '@tiptap/extension-heading';
import type {} from '@tiptap/extension-paragraph';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';

type Level = 0 | 1 | 2 | 3;
const levels: Level[] = [0, 1, 2, 3];

/**
 * Paragraph or heading level of the text at the cursor. ra-input-rich-text's own LevelSelect is a
 * one-item list inside a `nav` (axe: list item without a list) with a name that hides its value;
 * this is a labelled select a keyboard and a screen reader use as any other.
 */
export function LevelSelect() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const [level, setLevel] = useState<Level>(0);
  useEffect(() => {
    if (!editor) return undefined;
    // Follows the cursor: every change of the document or the selection is a transaction.
    const update = () => setLevel(levels.find((value) => value > 0 && editor.isActive('heading', { level: value })) ?? 0);
    update();
    editor.on('transaction', update);
    return () => {
      editor.off('transaction', update);
    };
  }, [editor]);
  const choose = (value: Level) => {
    if (!editor) return;
    if (value === 0) editor.chain().focus().setParagraph().run();
    else editor.chain().focus().setHeading({ level: value }).run();
  };
  return (
    <TextField
      select
      size="small"
      label={translate('mailing.editor.level')}
      value={level}
      disabled={!editor?.isEditable}
      onChange={(event) => choose(Number(event.target.value) as Level)}
      sx={{ minWidth: 140 }}
    >
      {levels.map((value) => (
        <MenuItem key={value} value={value}>
          {translate(`mailing.editor.levels.${value}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
