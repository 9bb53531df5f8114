// Finds Chromium for the journeys: CHROME_PATH, then Debian's /usr/bin/chromium. Installs nothing
// itself (that may need root): without a browser it says what to install and the run stops.
import fs from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((file) => fs.existsSync(file));

if (!found) {
  console.error(
    fs.existsSync('/usr/bin/apt-get')
      ? '[e2e] Chromium not found: install it with `apt-get install chromium` (as root), or set CHROME_PATH to a Chromium or Chrome.'
      : '[e2e] Chromium not found: set CHROME_PATH to a Chromium or Chrome, or run `npx playwright install chromium` and set CHROME_PATH to the browser it prints.',
  );
  process.exit(1);
}
console.log(`[e2e] browser: ${found}`);
