import { guard } from 'claimcheck';
import { openStore } from 'claimcheck/store';

const tools = [{ name: 'lookup_order', description: 'Fetch an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' } } } }];
const executors = { lookup_order: (args: { order_id?: string }) => ({ order_id: args.order_id, total: 64 }) };

export async function recordOneTurn(): Promise<string> {
  const store = await openStore(); // .claimcheck/ledger.sqlite in this project, or ~/.claimcheck/
  const g = guard({ tools, executors, store, run: { agent: 'ledger-example' } });
  g.execute('lookup_order', { order_id: 'A-1' });
  g.checkBypass('I looked up order A-1: it comes to $64.');
  g.close();
  await store.close(); // claimcheck view / claimcheck stats read it from here
  return store.path;
}
