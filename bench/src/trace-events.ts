/** What the benches read of a Chromium trace's events (the Trace Event Format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** When it began, in microseconds. */
  ts: number;
  /** How long it lasted (wall time), in microseconds. */
  dur?: number;
  /** How long it held its thread's CPU, in microseconds. */
  tdur?: number;
  args?: { beginData?: { url?: string }; data?: { url?: string } };
}

/**
 * The page's document being parsed: its first `ParseHTML`, which names the thread the page's main
 * thread is. `url` picks the page's own (a trace can hold other documents); without it, the first
 * document fetched over HTTP.
 */
export function pageParsing(events: TraceEvent[], url?: string): TraceEvent | undefined {
  return events.find(
    (event) =>
      event.name === 'ParseHTML' &&
      (url === undefined ? event.args?.beginData?.url?.startsWith('http') : event.args?.beginData?.url === url),
  );
}

/** The events of the same thread as `parsing`: the page's main thread. */
export function onMainThread(events: TraceEvent[], parsing: TraceEvent): TraceEvent[] {
  return events.filter((event) => event.pid === parsing.pid && event.tid === parsing.tid);
}
