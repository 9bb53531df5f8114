/**
 * Taps and form submissions made before the page is interactive are kept and done once it is (the
 * way Angular's event replay and Google's JSAction work). The server-rendered page paints long
 * before its script has arrived on a phone; without this, a tap on Add to Cart or a sign-in sent
 * in those seconds would be lost (a form would post to its own page and come back empty).
 *
 * Inlined in the page's head (early-actions-inline.ts, built by the `inlineEarlyActions` plugin), it
 * listens before the first button is painted. A tap on a
 * button, or a form sent, is held (the control shows it is busy), the fields the shopper filled
 * are remembered, and once React has taken the page over (`<html data-interactive>`) the fields are
 * given back to React and the actions done again, in order, on the same elements. Links, and forms
 * that work without script (the search's GET form), are left to the browser.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Action {
  target: Element;
  /** Where the target was under the root, should React have rendered that part anew. */
  path: number[];
  /** The button that shows it is busy meanwhile, and whose name a message would use. */
  control: Element | null;
  /** The form it sends, if it sends one. */
  form: HTMLFormElement | null;
  submitter?: HTMLElement | null;
}

export interface EarlyActions {
  /** Told, with the control's name, of a held action that can no longer be done on the page as it is now. */
  onUnavailable?: (name: string) => void;
}

declare global {
  /** Set by the page's inlined script (early-actions-inline.ts), read by the app's entry. */
  var netkartEarlyActions: EarlyActions | undefined;
}

const CONTROL = 'button,[role=button],input[type=submit],input[type=button],input[type=image]';

/** A form the browser sends itself without script: a GET to an address of its own (the search). */
const worksWithoutScript = (form: HTMLFormElement | null | undefined) =>
  form?.method === 'get' && form.hasAttribute('action');

/** The next task: React has committed what the previous action changed, and wired the new handlers. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * `rootOf` finds the app's root element: this runs inline in the page's head, before the body is
 * parsed, so that a tap on the first button painted is already heard.
 */
export function captureEarlyActions(rootOf: () => HTMLElement | null): EarlyActions {
  const handle: EarlyActions = {};
  const actions: Action[] = [];
  // The last value of each field the shopper changed: a checkbox's checked, else its value.
  const fields = new Map<Field, string | boolean>();
  const html = document.documentElement;
  const page = location.href;

  const inRoot = (element: Element) => rootOf()?.contains(element);
  const pathOf = (element: Element) => {
    const path: number[] = [];
    const root = rootOf();
    for (let node = element; node !== root && node.parentElement; node = node.parentElement)
      path.unshift([...node.parentElement.children].indexOf(node));
    return path;
  };
  const live = ({ target, path }: Action) => {
    if (target.isConnected) return target;
    const found = path.reduce<Element | null | undefined>((node, index) => node?.children[index], rootOf());
    return found?.tagName === target.tagName ? found : undefined;
  };

  const remember = (field: EventTarget | null) => {
    if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) fields.set(field, field.checked);
    else if (
      field instanceof HTMLInputElement
        ? !/^(submit|button|image|reset|file|hidden)$/.test(field.type)
        : field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
    )
      fields.set(field as Field, (field as Field).value);
  };
  const hold = (
    event: Event,
    target: Element,
    control: Element | null,
    form: HTMLFormElement | null,
    submitter?: HTMLElement | null,
  ) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    // A form sent twice while waiting (an impatient second tap) is sent once.
    if (form && actions.some((action) => action.form === form)) return;
    actions.push({ target, path: pathOf(target), control, form, submitter });
    if (control && !control.hasAttribute('data-waiting')) {
      // "1" when the page had no aria-busy of its own there, so only ours is taken off again.
      control.setAttribute('data-waiting', control.hasAttribute('aria-busy') ? '' : '1');
      control.setAttribute('aria-busy', 'true');
    }
  };

  const onClick = (event: Event) => {
    const control = (event.target as Element).closest?.(CONTROL);
    if (!control || !inRoot(control)) return;
    const form = (control as HTMLButtonElement).form;
    const submits = (control as HTMLButtonElement).type === 'submit' && form;
    if (submits && worksWithoutScript(form)) return;
    if (submits) for (const field of form.elements) remember(field);
    hold(event, control, control, submits ? form : null);
  };
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (!inRoot(form) || worksWithoutScript(form)) return;
    for (const field of form.elements) remember(field);
    const submitter = (event as SubmitEvent).submitter;
    hold(event, form, submitter ?? form.querySelector('[type=submit]'), form, submitter);
  };
  const onField = (event: Event) => remember(event.target);

  const listeners: [string, (event: Event) => void][] = [
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onField],
    ['change', onField],
  ];
  for (const [type, listener] of listeners) window.addEventListener(type, listener, true);

  const forget = (event: Event) => {
    if (event.isTrusted) fields.delete(event.target as Field);
  };
  const replay = async () => {
    window.removeEventListener('input', forget, true);
    for (const [field, value] of fields) if (field.isConnected) giveBack(field, value);
    for (const busy of document.querySelectorAll('[data-waiting]')) {
      if (busy.getAttribute('data-waiting')) busy.removeAttribute('aria-busy');
      busy.removeAttribute('data-waiting');
    }
    for (const action of actions) {
      await nextTask();
      // An earlier action has taken the shopper to another page (Add to Cart opens the cart): the
      // rest were taps on the page they left.
      if (location.href !== page) break;
      const target = live(action);
      const control = action.control === action.target ? target : action.control;
      if (!target || control?.matches(':disabled,[aria-disabled=true]')) {
        handle.onUnavailable?.(nameOf(action.control ?? action.target));
      } else if (target instanceof HTMLFormElement) {
        const { submitter } = action;
        if (submitter?.isConnected && target.contains(submitter)) target.requestSubmit(submitter);
        else target.requestSubmit();
      } else (target as HTMLElement).click();
    }
  };
  const watcher = new MutationObserver(() => {
    if (!html.hasAttribute('data-interactive')) return;
    watcher.disconnect();
    // From now on a tap goes to the app itself; a field the shopper types in now is theirs again.
    for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
    window.addEventListener('input', forget, true);
    // After the effects that marked the page: React has finished the commit.
    setTimeout(replay);
  });
  watcher.observe(html, { attributes: true, attributeFilter: ['data-interactive'] });
  return handle;
}

/**
 * Puts a field's value back so that React sees it as typed: React remembers a field's value when it
 * takes the page over (and react-hook-form may empty the field then), and calls onChange only for a
 * value other than the one it remembers. So the remembered value is changed first, through the
 * field's own setter, then the value set behind React's back and announced as input.
 */
function giveBack(field: Field, value: string | boolean) {
  if (typeof value === 'boolean') {
    const input = field as HTMLInputElement;
    // A radio button is unchosen by choosing another, never by a click of its own.
    if (input.type === 'radio' && !value) return;
    if (input.checked === value) input.checked = !value;
    input.click();
    return;
  }
  field.value = value ? '' : ' ';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

const nameOf = (control: Element) =>
  control.getAttribute('aria-label') || control.textContent?.trim() || (control as HTMLInputElement).value || '';
