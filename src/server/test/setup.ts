import { setPasswordHashCostForTests } from '../lib/crypto';

// Every in-process server test creates accounts; at argon2id's real cost each costs tens of
// milliseconds of CPU. crypto.test.ts checks the real cost is what the app uses when this is not called.
setPasswordHashCostForTests('cheap');
