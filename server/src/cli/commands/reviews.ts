import { type AdminReview, ReviewStatus } from '@netkart/contract';
import type { Command } from 'commander';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { istDay } from '../../shared/india-time.js';
import { type CliContext, CliError, storeOption, withStore } from '../context.js';
import { formatTable, terminalSafe as safe } from '../format.js';

const BY = { actor: STORE_COMMAND_ACTOR };

const stars = (rating: number): string => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

function said(row: AdminReview): string {
  const head = `Review ${row.id} of ${safe(row.productTitle)} by ${safe(row.author)} (${row.rating}/5)`;
  if (row.status === 'approved') return `${head} is approved: it is shown and counts in the product's rating.`;
  if (row.status === 'rejected') return `${head} is rejected (${safe(row.rejectReason ?? '')}): it is never shown.`;
  return `${head} waits for approval.`;
}

export function addReviewCommands(program: Command, context: CliContext): void {
  const reviews = program
    .command('reviews')
    .description("buyers' reviews: shown only once approved; reject with a reason (logged); never edited");

  reviews
    .command('list')
    .description('the reviews, newest first (all, or one status)')
    .option('--status <status>', `only those in this status: ${ReviewStatus.options.join(', ')}`)
    .action(async (options: { status?: string }, command: Command) => {
      const status = options.status === undefined ? undefined : ReviewStatus.safeParse(options.status);
      if (status && !status.success) {
        throw new CliError(`--status is one of ${ReviewStatus.options.join(', ')}, not '${options.status}'.`);
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        const { data } = await shop.services.reviews.list(store.id, status?.data ? { status: status.data } : {});
        if (data.length === 0) {
          context.stdout(status?.data ? `No reviews are ${status.data}.\n` : 'No reviews yet.\n');
          return;
        }
        const table = formatTable(
          ['REVIEW', 'WRITTEN (IST)', 'PRODUCT', 'BY', 'STARS', 'STATUS', 'TITLE', 'TEXT'],
          data.map((row) => [
            row.id,
            istDay(row.createdAt),
            safe(row.productTitle).slice(0, 30),
            safe(row.author),
            stars(row.rating),
            row.status,
            safe(row.title).slice(0, 30),
            safe(row.text).replace(/\s+/g, ' ').slice(0, 50),
          ]),
        );
        context.stdout(`${table}\n`);
      });
    });

  reviews
    .command('approve')
    .description('show a review: it counts in the product rating from now on')
    .argument('<review>', 'the review, e.g. 7KX2M9QH4D')
    .action(async (id: string, _options: unknown, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        context.stdout(`${said(await shop.services.reviews.approve(store.id, id, BY))}\n`);
      });
    });

  reviews
    .command('reject')
    .description('never show a review, saying why (the reason is logged)')
    .argument('<review>', 'the review, e.g. 7KX2M9QH4D')
    .requiredOption('--reason <text>', 'why the review is rejected')
    .action(async (id: string, options: { reason: string }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        context.stdout(`${said(await shop.services.reviews.reject(store.id, id, options.reason, BY))}\n`);
      });
    });

  reviews
    .command('reply')
    .description("reply beneath a review (the shopper's words stay as written)")
    .argument('<review>', 'the review, e.g. 7KX2M9QH4D')
    .requiredOption('--text <reply>', 'the reply, as shoppers read it')
    .action(async (id: string, options: { text: string }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await shop.services.reviews.reply(store.id, id, options.text, BY);
        context.stdout(`Replied to review ${row.id}.\n`);
      });
    });
}
