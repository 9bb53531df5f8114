// Finds Chromium for the journeys: CHROME_PATH, then Debian's /usr/bin/chromium; otherwise installs it
// (apt-get on Debian, Playwright's own download elsewhere) and says so. Never skips silently.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
let found = candidates.find((file) => fs.existsSync(file));

if (!found) {
  if (fs.existsSync('/usr/bin/apt-get')) {
    console.log('[e2e] Chromium not found: installing it with apt-get install -y chromium');
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });
    found = '/usr/bin/chromium';
  } else {
    console.log("[e2e] Chromium not found: installing Playwright's own Chromium (npx playwright install chromium)");
    execSync('npx playwright install chromium', { stdio: 'inherit' });
    found = 'playwright';
  }
}
console.log(`[e2e] browser: ${found}`);
