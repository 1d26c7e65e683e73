/**
 * Every PostgreSQL advisory-lock key the app and its tests take, in one place: keys share one space per
 * database server, so two uses picking the same number would silently serialise unrelated work (or,
 * with session locks, let one release the other's). Each number is arbitrary; only being distinct matters.
 */
export const ADVISORY_LOCKS = {
  /**
   * Account creation (transaction lock): two accounts made at once, by sign-up, single sign-on or an
   * admin, cannot both see an empty users table and become the first administrator.
   */
  firstAdmin: 7_201_001,
  /**
   * Start-up work (session lock): instances starting together on one database take turns at migrating
   * and at the ADMIN_EMAIL bootstrap instead of racing.
   */
  startup: 7_201_002,
  /**
   * The near-copy cluster job (transaction lock, one per batch): instances running it side by side
   * take turns, each batch moving the job's cursor in the same transaction.
   */
  duplicateClusters: 7_201_003,
  /**
   * Tests only (session lock, on the TEST_DATABASE_URL server's maintenance database): test files
   * starting together wait for one of them to build the migrated template instead of each building it.
   */
  testTemplateBuild: 74_110_301,
} as const;
