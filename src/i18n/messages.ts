import type en from './en.json';

/** A message key: every dictionary has exactly the keys of en.json. */
export type MessageKey = keyof typeof en;
export type Messages = Partial<Record<MessageKey, string>>;
export type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders; unknown placeholders stay as they are. */
export function format(template: string, vars: Vars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** `t(key, vars)` over the messages a page handed to an island; a missing one shows its key. */
export const messageFn = (messages: Messages) => (key: MessageKey, vars?: Vars) => format(messages[key] ?? key, vars);
