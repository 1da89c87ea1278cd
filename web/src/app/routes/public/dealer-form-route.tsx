import { PleaseWait } from '../../../components/ui/please-wait'

export default function Route() {
  return <PleaseWait />
}
