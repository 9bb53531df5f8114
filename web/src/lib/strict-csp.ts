import { config } from 'zod';

// The shop's Content-Security-Policy forbids eval: zod must not try it (its probe for `new Function`
// is reported as a violation even though zod catches it). Imported first, before any schema exists.
config({ jitless: true });
