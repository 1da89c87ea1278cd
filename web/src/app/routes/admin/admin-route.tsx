import { PleaseWait } from '../../../components/ui/please-wait'

export default function AdminRoute() {
  return <PleaseWait />
}
