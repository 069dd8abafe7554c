import { useSearchParams } from 'react-router'
import { CertificateVerification } from '@/features/certificates/components/certificate-verification'

export default function CertificateRoute() {
  const [params] = useSearchParams()
  const hash = (params.get('hash') ?? '').trim().toLowerCase()
  return <CertificateVerification key={hash} hash={hash} />
}
