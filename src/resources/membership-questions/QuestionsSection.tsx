import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, Stack, Table, TableBody, TableContainer, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Loading, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { isLocale } from '../../../i18n/locales';
import { RowAction, EmptyText } from '../shared/SectionCard';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';
import { QuestionDialog } from './QuestionDialog';
import { questionText, translatedLocales, type Question } from './questions';

/** The membership questions a member answers when completing, in their order; the admin edits them. */
export function QuestionsSection() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data = [], isPending, refetch } = useGetList<Question>('membership-questions', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'position', order: 'ASC' },
  });
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const remove = useConfirmedDelete<Question>('membership-questions', {
    title: 'membership.questions.delete_title',
    content: 'membership.questions.delete_content',
    success: 'membership.questions.deleted',
    nameOf: (question) => question.text.en,
    after: refetch,
  });
  const nextPosition = data.reduce((max, question) => Math.max(max, question.position + 1), 0);

  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{translate('membership.questions.intro')}</Typography>
        <Button label="membership.questions.add" variant="contained" onClick={() => setEditing('new')}>
          <AddIcon />
        </Button>
      </Stack>
      {isPending ? (
        <Loading />
      ) : !data.length ? (
        <EmptyText message="membership.questions.none" />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('membership.questions.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.membership-questions.fields.position')}</TableCell>
                <TableCell>{translate('resources.membership-questions.fields.text')}</TableCell>
                <TableCell>{translate('resources.membership-questions.fields.kind')}</TableCell>
                <TableCell>{translate('membership.questions.languages')}</TableCell>
                <TableCell>{translate('resources.membership-questions.fields.required')}</TableCell>
                <TableCell>{translate('resources.membership-questions.fields.active')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((question) => (
                <TableRow key={question.id} sx={question.active ? undefined : { opacity: 0.6 }}>
                  <TableCell>{question.position}</TableCell>
                  <TableCell>
                    {/* In the admin's language where written, else English; bdi keeps either whole in the other direction. */}
                    <bdi>{questionText(question, isLocale(locale) ? locale : 'en')}</bdi>
                    {question.kind === 'choice' && (
                      <Typography variant="caption" color="text.secondary" component="p">
                        <bdi>{question.choices.join(' · ')}</bdi>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{translate(`membership.questions.kinds.${question.kind}`)}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                      {['en', ...translatedLocales.filter((locale) => question.text[locale]?.trim())].map((locale) => (
                        <Chip key={locale} size="small" label={locale.toUpperCase()} variant="outlined" />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>{translate(question.required ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  <TableCell>{translate(question.active ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction label="membership.questions.edit" icon={<EditIcon fontSize="small" />} onClick={() => setEditing(question)} />
                    <RowAction label="membership.questions.delete" icon={<DeleteIcon fontSize="small" />} onClick={() => remove.ask(question)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <QuestionDialog
          question={editing === 'new' ? undefined : editing}
          nextPosition={nextPosition}
          onClose={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
      {remove.dialog}
    </Box>
  );
}
