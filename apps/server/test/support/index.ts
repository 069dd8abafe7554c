// The server's test harness, exported as `@tp/server/testing` for later features and the
// browser journeys: a whole app on its own database, with a movable clock, the captured
// mailbox and the provider fakes.
export { createTestApp } from './create-test-app'
export type {
  CreateTestAppOptions,
  RequestOptions,
  TestApp,
  TestResponse,
  TestUser,
} from './create-test-app'
export { Mailbox, type MailQuery } from './mailbox'
export { TestClock } from './test-clock'
export {
  createDatabaseTemplate,
  currentTemplate,
  openDatabaseFromTemplate,
  testBackend,
  type DatabaseTemplate,
  type TestBackend,
} from './database'
export { makeLargePng, makePng, multipartBody } from './images'
export { startS3Fake, type S3Fake } from '../../src/integrations/storage/fake/s3-fake'
export { fakeGoogleAccounts, type GoogleFake } from '../../src/integrations/google/fake/google-fake'
export { waitFor } from './wait-for'
export { waitForAccountStatus } from './wait-for-account'
