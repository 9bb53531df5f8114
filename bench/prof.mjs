// throwaway: where the main thread's time goes while a page loads (4x CPU), by function
import { chromium } from 'playwright-core';
const [,, url, label = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
const page = await context.newPage();
await page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url);
await page.waitForSelector('html[data-interactive]', { timeout: 60000 });
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const long = await page.evaluate(() => window.__long);
const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
const inter = await page.evaluate(() => performance.now());
console.log(label, 'FCP', Math.round(fcp), 'long tasks (start,dur):', JSON.stringify(long));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const f = n.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0));
}
const byFile = new Map();
for (const [k, v] of self) { const file = k.split(' ')[1]?.split(':')[0] || k; byFile.set(file, (byFile.get(file) ?? 0) + v); }
console.log('by file (ms):', [...byFile].filter(([k]) => !k.startsWith('(idle')).sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k} ${Math.round(v / 1000)}`).join(' | '));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stackSelf = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  let id = profile.samples[i]; const n = byId.get(id);
  if (!n.callFrame.url.includes('/assets/')) continue;
  const chain = [`${n.callFrame.functionName||'anon'}@${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`];
  for (let p = parent.get(id), k = 0; p && k < 4; p = parent.get(p), k++) { const f = byId.get(p).callFrame; chain.push(`${f.functionName||'anon'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`); }
  const key = chain.join(' < ');
  stackSelf.set(key, (stackSelf.get(key) ?? 0) + (dt[i + 1] ?? 0));
}
for (const [k, v] of [...stackSelf].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('STACK', Math.round(v / 1000), k);
console.log('top functions (ms):');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) if (!k.startsWith('(idle')) console.log('  ', Math.round(v / 1000), k);
await browser.close();
