import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useNavigate } from 'react-router-dom';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useApiAction } from '../shared/useApiAction';

/** The memberships orders/membership_order accepts: newly approved, or run out (a renewal). */
const ORDERABLE = ['approved', 'expired'];

/**
 * The admin's "order the membership fee" action (a step of the membership flow): after a
 * confirmation, the fee becomes an order for the client, whose membership then awaits payment;
 * the admin lands on that order.
 */
export function MembershipFeeButton({ clientId, status }: { clientId: number; status: string }) {
  const navigate = useNavigate();
  const order = useApiAction<{ client_id: number }, { data: { id: number; reference: string } }>('api/orders/membership_order', {
    success: (answer) => ({ message: 'members.membership.fee_ordered', args: { reference: answer.data.reference } }),
    onSuccess: (answer) => navigate(`/orders/view/order/${answer.data.id}`),
  });
  if (!ORDERABLE.includes(status)) return null;

  return (
    <ConfirmedButton
      label="members.membership.order_fee"
      icon={<ReceiptLongIcon />}
      title="members.membership.order_fee_title"
      content="members.membership.order_fee_content"
      onConfirm={() => order.run({ client_id: clientId })}
    />
  );
}
