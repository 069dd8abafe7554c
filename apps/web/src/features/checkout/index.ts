// The checkout's public face for other pages (the landing page places the chooser).
export { AccountChooser, type AccountChooserProps } from './components/account-chooser'
export { CreateAccountModal, type CreateAccountModalProps } from './components/create-account-modal'
export { useCheckoutSelection, type CheckoutSelection } from './hooks/use-checkout-selection'
