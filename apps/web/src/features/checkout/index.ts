// The checkout's public face for the pages of app/ (the landing page places the chooser, the
// trading accounts page the create-account button).
export { AccountChooser, type AccountChooserProps } from './components/account-chooser'
export { CreateAccountButton } from './components/create-account-button'
export { CreateAccountModal, type CreateAccountModalProps } from './components/create-account-modal'
export { useCheckoutSelection, type CheckoutSelection } from './hooks/use-checkout-selection'
