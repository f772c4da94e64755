import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiPost } from '../../providers/http';
import { ConfirmedButton } from '../shared/ConfirmedButton';

/** The memberships orders/membership_order accepts: newly approved, or run out (a renewal). */
const ORDERABLE = ['approved', 'expired'];

/**
 * The admin's "order the membership fee" action (a step of the membership flow): after a
 * confirmation, the fee becomes an order for the client, whose membership then awaits payment;
 * the admin lands on that order.
 */
export function MembershipFeeButton({ clientId, status }: { clientId: number; status: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  if (!ORDERABLE.includes(status)) return null;

  const order = async () => {
    try {
      const answer = await apiPost<{ data: { id: number; reference: string } }>('api/orders/membership_order', { client_id: clientId });
      notify('members.membership.fee_ordered', { type: 'success', messageArgs: { reference: answer.data.reference } });
      navigate(`/orders/view/order/${answer.data.id}`);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };

  return (
    <ConfirmedButton
      label="members.membership.order_fee"
      icon={<ReceiptLongIcon />}
      title="members.membership.order_fee_title"
      content="members.membership.order_fee_content"
      onConfirm={order}
    />
  );
}
