import { type ChangeEvent, type FormEvent, useRef, useState } from "react";

/**
 * A field's value. Text and checkboxes are bound by `field`; anything else (the checkboxes chosen, in the
 * order chosen; a role's permissions) is set with `setValue`.
 */
type Value = string | boolean | object | null;
type Values = Record<string, Value>;
/** What gets focus when its field is invalid: the element `field` binds, or one given with `focusRef`. */
type Focusable = { focus(): void };

/** A field's check: the message to show, or undefined when the value is fine. */
type Validator<V extends Values, K extends keyof V = keyof V> = (value: V[K], values: V) => string | undefined;
export type Validators<V extends Values> = { [K in keyof V]?: Validator<V, K> };

/** The names of the fields `field` binds: text, a choice, a checkbox. */
type Bindable<V extends Values> = { [K in keyof V]: V[K] extends string | boolean ? K : never }[keyof V] & string;

/**
 * Form state for the app's small forms: controlled fields, checks on submit, then again on every change
 * once submitted; the first invalid field gets focus. (In place of react-hook-form + zod, whose 18 KB
 * gzip the sign-in screen cannot afford; docs/decisions/005-web-app.md.)
 *
 * `revalidate: "submit"` checks only on submit, so a message says what the last try found until the
 * next one; `revalidate: "live"` checks every field on every render once submitted, so a check may read
 * what arrives later (an address found taken while the person types). `focusInvalid: false` leaves the
 * focus where it is (forms whose message is about the form more than one field).
 */
export function useForm<V extends Values>({
  defaults,
  validate = {},
  revalidate = "change",
  focusInvalid = true,
}: {
  defaults: V;
  validate?: Validators<V>;
  revalidate?: "change" | "submit" | "live";
  focusInvalid?: boolean;
}) {
  const [values, setValues] = useState<V>(defaults);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const refs = useRef(new Map<keyof V, Focusable | null>());

  const check = (name: keyof V, all: V) => validate[name]?.(all[name], all);
  type Errors = Partial<Record<keyof V, string>>;
  const checkAll = () => {
    const found: Errors = {};
    for (const name of Object.keys(values) as (keyof V)[]) {
      const message = check(name, values);
      if (message) found[name] = message;
    }
    return found;
  };

  function setValue<K extends keyof V>(name: K, value: V[K]) {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      if (submitted && revalidate === "change") setErrors((e) => ({ ...e, [name]: check(name, next) }));
      return next;
    });
  }

  /**
   * Empties fields the app clears itself (a password after a wrong try, a form after success) without
   * judging them: an emptied field is not the person's mistake, so its message goes too.
   */
  function clear(...names: (keyof V)[]) {
    setValues((prev) => {
      const next = { ...prev };
      for (const name of names) next[name] = defaults[name];
      return next;
    });
    setErrors((e) => {
      const next = { ...e };
      for (const name of names) delete next[name];
      return next;
    });
  }

  /**
   * The ref of what gets focus when `name` is found invalid, for a value `field` does not bind (a group of
   * checkboxes: its first one, or its message while shown).
   */
  const focusRef = (name: keyof V) => (el: Focusable | null) => {
    refs.current.set(name, el);
  };

  /** Props for an <input>, <select>, <textarea> or checkbox bound to `name`. */
  function field<K extends Bindable<V>>(name: K) {
    const current = values[name];
    const ref = focusRef(name);
    const onChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const target = e.target as HTMLInputElement;
      setValue(name, (typeof current === "boolean" ? target.checked : target.value) as V[K]);
    };
    return typeof current === "boolean"
      ? { name, ref, onChange, checked: current }
      : { name, ref, onChange, value: current as string };
  }

  function focus(name: keyof V) {
    refs.current.get(name)?.focus();
  }

  /** Wraps the submit handler: validates everything first; runs `onValid` only when all fields pass. */
  function handleSubmit(onValid: (values: V) => Promise<void> | void) {
    return async (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const found = checkAll();
      setErrors(found);
      const firstInvalid = (Object.keys(values) as (keyof V)[]).find((n) => found[n]);
      if (firstInvalid !== undefined) {
        if (focusInvalid) focus(firstInvalid);
        return;
      }
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        setSubmitting(false);
      }
    };
  }

  /** Forgets the last submit, and its messages, until the next one (a form that stays once saved). */
  function reset() {
    setSubmitted(false);
    setErrors({});
  }

  return {
    values,
    /** The messages by field (read when rendering: a "live" check may use what the screen has read since). */
    get errors() {
      return revalidate === "live" ? (submitted ? checkAll() : ({} as Errors)) : errors;
    },
    /** Whether the form was submitted (since `reset`). */
    submitted,
    isSubmitting,
    field,
    focusRef,
    setValue,
    clear,
    reset,
    focus,
    handleSubmit,
    /** Whether any value differs from the defaults. */
    isDirty: (Object.keys(defaults) as (keyof V)[]).some((k) => values[k] !== defaults[k]),
  };
}
