// The shop's rate limits: counters (database, Redis with the database behind it) and the limits built on them.
export {
  type Counter,
  giveBackAll,
  inMinutes,
  Limit,
  type LimitStore,
  limitKey,
  takeAll,
  tooMany,
} from './limits/counters.js';
export { databaseLimitStore } from './limits/database-counter.js';
export { redisLimitStore } from './limits/fallback.js';
export {
  installLimits,
  type RateLimitConfig,
  ShopLimits,
  SignInAttempt,
  type SignInLimitName,
  type SignInRefusal,
} from './limits/shop-limits.js';
