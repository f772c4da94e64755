import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Card, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Button, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { QuestionsSection } from '../membership-questions/QuestionsSection';
import { PageHeading } from '../shared/PageHeading';
import { AddMemberDialog } from './AddMemberDialog';
import { AwaitingCompletionList } from './AwaitingCompletionList';
import { ImportMembersDialog } from './ImportMembersDialog';
import { RequestList } from './RequestList';

const tabs = ['open', 'awaiting', 'questions'] as const;
type TabName = (typeof tabs)[number];

/**
 * /member-requests: the requests waiting for approval, the approved members who have not
 * completed yet, and the membership questions; members are also added directly or imported.
 * The tab is in the address (?tab=), so a link or a reload opens the same one.
 */
export default function MemberRequestsScreen() {
  const title = usePortalTitle('member_requests');
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: TabName = tabs.find((name) => name === params.get('tab')) ?? 'open';
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);

  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Title title={title} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        <PageHeading>{title}</PageHeading>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button label="membership.add_member.action" variant="outlined" onClick={() => setDialog('add')}>
            <PersonAddIcon />
          </Button>
          <Button label="membership.import.action" variant="outlined" onClick={() => setDialog('import')}>
            <UploadFileIcon />
          </Button>
        </Stack>
      </Stack>
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) => setParams(next === 'open' ? {} : { tab: next }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((name) => (
            <Tab key={name} value={name} label={translate(`membership.requests.tabs.${name}`)} id={`tab-${name}`} aria-controls={`panel-${name}`} />
          ))}
        </Tabs>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'open' && <RequestList />}
          {tab === 'awaiting' && <AwaitingCompletionList />}
          {tab === 'questions' && <QuestionsSection />}
        </div>
      </Card>
      {dialog === 'add' && <AddMemberDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportMembersDialog onClose={() => setDialog(null)} />}
    </Stack>
  );
}
