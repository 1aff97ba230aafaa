import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';

/** /my-orders/{orderId} (DESIGN.md section 9). PLACEHOLDER of the foundation commit: the order page work replaces it. */
export default function OrderPage() {
  const { orderId } = useParams();
  return <Typography variant="h1">Order #{orderId}</Typography>;
}
