import { SignInReturn } from '../../../features/auth/sign-in-return'

export default function SignInReturnRoute() {
  return <SignInReturn />
}
