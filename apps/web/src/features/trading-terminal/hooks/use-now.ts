export { useNow } from '@/hooks/use-now'
