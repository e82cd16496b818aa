// Shared helpers of the platform's browser tests (platform.mjs and one
// script per event kind), in a real headless Chromium driven by
// playwright-core. A script calls start(OUT_DIR) first, then opens people
// with person(), waits with until(), checks each page at the three sizes
// with layout(), and ends with finish(): any page error, any console error
// not announced with expecting(), or a failed step fails the script.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';

/** @type {import('playwright-core').Browser} */
let browser;
let outDir = '.';
/** @type {string[]} */
const errors = [];
/** A refusal the test provokes (a browser logs every 4xx answer as a console error). */
let expected = null;
export const SIZES = [[800, 600], [1280, 720], [1920, 1080]];

/** Launches the browser; screenshots go to dir. */
export async function start(dir) {
  outDir = dir;
  mkdirSync(outDir, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
      '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/** Announces the console error a provoked refusal logs (null: none expected). */
export function expecting(re) {
  expected = re;
}

/**
 * A new browser (its own storage: the organiser and the team are two
 * people); options go to its context (a timezoneId, say).
 */
export async function person(who, options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true, ...options });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && !(expected && expected.test(m.text()))) errors.push(`${who}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  return page;
}

export function step(what) {
  console.log(`- ${what}`);
}

/** Waits for a condition on the page, polling (builds and matches take seconds). */
export async function until(page, what, fn, arg, timeout = 180_000) {
  try {
    await page.waitForFunction(fn, arg, { timeout, polling: 250 });
  } catch (e) {
    throw new Error(`timed out waiting for ${what}: ${e.message.split('\n')[0]}`);
  }
}

/**
 * At each size: no horizontal scrolling, no element wider than the page,
 * the header's text readable; a screenshot of each.
 */
export async function layout(page, name) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    const bad = await page.evaluate(() => {
      const out = [];
      const de = document.documentElement;
      if (de.scrollWidth > de.clientWidth + 1) out.push(`the page scrolls sideways: ${de.scrollWidth} > ${de.clientWidth}`);
      for (const el of document.querySelectorAll('main *, header *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || el.closest('.table-wrap')) continue; // tables scroll inside their box
        if (r.right > de.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)} > ${de.clientWidth}`);
      }
      for (const el of document.querySelectorAll('body, td, th, p, label, button')) {
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 11 && el.textContent.trim()) out.push(`${el.tagName.toLowerCase()} text at ${size}px`);
      }
      return out.slice(0, 5);
    });
    assert.deepEqual(bad, [], `${name} at ${w}x${h}`);
    await page.screenshot({ path: `${outDir}/platform-${name}-${w}x${h}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Runs the script's steps, closes the browser and exits 1 on any error. */
export async function finish(name, steps) {
  try {
    await steps();
  } catch (e) {
    errors.push(e.stack || String(e));
  } finally {
    await browser.close();
  }
  if (errors.length) {
    console.error(`FAILED:\n${errors.join('\n')}`);
    process.exit(1);
  }
  console.log(`${name}: ok`);
}
