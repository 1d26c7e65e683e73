import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Typed variables on the prompt form: the Variables panel names each {{variable}} as it is typed, a
// writer makes one a choice and another a required date, and the runner then draws and checks them.
const suite = useBrowserSuite();
let writer: SeededUser;

beforeAll(async () => {
  writer = await registerUser(suite.server.url, { firstName: 'Vera', lastName: 'Variables' });
});

describe('the Variables panel', () => {
  it('defines a choice and a required date that the runner then draws and checks', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, writer.token, '/create-prompt');
    await page.getByLabel('Title').fill('Trip planner');
    await page.getByLabel('Content').fill('Plan a {{trip}} in {{city}} leaving {{start}}, signed {{current_user}}.');
    await page.getByRole('combobox', { name: 'Tags' }).fill('travel');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'AI Application Used' }).fill('Claude');
    await page.keyboard.press('Enter');

    const panel = page.getByRole('region', { name: 'Variables' });
    // The built-in is filled in for whoever uses it: not offered for definition.
    await expect.poll(() => panel.getByRole('button').allInnerTexts()).toEqual(['{{trip}}\nText', '{{city}}\nText', '{{start}}\nText']);
    await panel.getByRole('button', { name: /\{\{trip\}\}/ }).click();
    await panel.getByLabel('Type').first().selectOption('choice');
    await panel.getByLabel('Options').fill('weekend, week away');
    await panel.getByRole('button', { name: /\{\{start\}\}/ }).click();
    const start = panel.getByRole('listitem').filter({ hasText: '{{start}}' });
    await start.getByLabel('Type').selectOption('date');
    await start.getByLabel('Label').fill('Departure');
    await start.getByRole('checkbox', { name: 'Required' }).click();
    await expect.poll(() => panel.getByRole('button', { name: /\{\{start\}\}/ }).innerText()).toMatch(/Date, required/);
    await expectAccessible(page, 'prompt form with variables');
    await screenshot(page, 'variables-panel', false);

    // A variable taken out of the content: its definition will go, and the panel says so.
    const content = page.getByLabel('Content');
    await content.fill('Plan a {{trip}} leaving {{start}}, signed {{current_user}}.');
    const startDef = panel.getByRole('listitem').filter({ hasText: '{{start}}' });
    await expect.poll(() => startDef.getByLabel('Label').inputValue()).toBe('Departure');
    await content.fill('Plan a {{trip}} in {{city}}, signed {{current_user}}.');
    await seen(page, /The content no longer has \{\{start\}\}: its definition is dropped when you save/);
    await content.fill('Plan a {{trip}} in {{city}} leaving {{start}}, signed {{current_user}}.');
    await expect.poll(() => page.getByText(/The content no longer has/).count()).toBe(0);

    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await seen(page, 'Prompt created successfully!');
    const mine = await apiCall<{ items: Array<{ id: string; title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, writer.token);
    const id = mine.items.find((p) => p.title === 'Trip planner')!.id;
    const saved = await apiCall<{ variableDefinitions: unknown[] }>(suite.server.url, 'GET', `/api/prompts/${id}`, undefined, writer.token);
    expect(saved.variableDefinitions).toEqual([
      { name: 'trip', type: 'choice', options: ['weekend', 'week away'] },
      { name: 'start', type: 'date', label: 'Departure', required: true },
    ]);

    await page.getByRole('button', { name: 'Use prompt Trip planner' }).first().click();
    const runner = page.getByRole('dialog', { name: 'Use “Trip planner”' });
    await expect.poll(() => runner.getByLabel('trip').inputValue()).toBe('weekend');
    await runner.getByLabel('trip').selectOption('week away');
    await runner.getByLabel('city').fill('Lisbon');
    await runner.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => runner.getByText('Departure is required').isVisible()).toBe(true);
    await runner.getByLabel('Departure').fill('2027-05-01');
    await expect
      .poll(() => runner.getByRole('region', { name: 'Filled prompt' }).textContent())
      .toBe('Plan a week away in Lisbon leaving 2027-05-01, signed Vera Variables.');
    await screenshot(page, 'variables-runner', false);
  });
});
