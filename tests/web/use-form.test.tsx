import { render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useForm } from "@/hooks/use-form.js";

function Harness({ revalidate, focusInvalid }: { revalidate?: "change" | "submit"; focusInvalid?: boolean }) {
  const form = useForm({
    defaults: { name: "" },
    validate: { name: (v) => (v.trim() ? undefined : "required") },
    revalidate,
    focusInvalid,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <input aria-label="name" {...form.field("name")} />
      {form.errors.name && <p role="alert">{form.errors.name}</p>}
      <button type="submit">go</button>
    </form>
  );
}

/** A check that reads something from outside the form (as an address found taken while typing). */
function LiveHarness({ taken }: { taken: boolean }) {
  const form = useForm({
    defaults: { slug: "acme" },
    validate: { slug: () => (taken ? "taken" : undefined) },
    revalidate: "live",
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <input aria-label="slug" {...form.field("slug")} />
      {form.errors.slug && <p role="alert">{form.errors.slug}</p>}
      <button type="submit">go</button>
      <button type="button" onClick={form.reset}>
        saved
      </button>
    </form>
  );
}

/** A choice of several (set with `setValue`), whose first checkbox takes the focus when none is chosen. */
function ChoiceHarness() {
  const form = useForm({
    defaults: { colours: [] as string[] },
    validate: { colours: (v) => (v.length ? undefined : "choose one") },
  });
  const { colours } = form.values;
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      {["red", "blue"].map((colour, index) => (
        <input
          key={colour}
          type="checkbox"
          aria-label={colour}
          ref={index === 0 ? form.focusRef("colours") : undefined}
          checked={colours.includes(colour)}
          onChange={(e) =>
            form.setValue("colours", e.target.checked ? [...colours, colour] : colours.filter((c) => c !== colour))
          }
        />
      ))}
      {form.errors.colours && <p role="alert">{form.errors.colours}</p>}
      <button type="submit">go</button>
    </form>
  );
}

describe("useForm", () => {
  it("re-checks a field on every change once submitted, and focuses the first invalid field", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "go" }));
    expect(screen.getByRole("alert").textContent).toBe("required");
    expect(document.activeElement).toBe(screen.getByLabelText("name"));
    await user.type(screen.getByLabelText("name"), "a");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it('with revalidate: "submit", keeps the last submit\'s message until the next submit', async () => {
    const user = userEvent.setup();
    render(<Harness revalidate="submit" />);
    await user.click(screen.getByRole("button", { name: "go" }));
    await user.type(screen.getByLabelText("name"), "a");
    expect(screen.getByRole("alert").textContent).toBe("required");
    await user.click(screen.getByRole("button", { name: "go" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("with focusInvalid: false, leaves the focus where it is", async () => {
    const user = userEvent.setup();
    render(<Harness focusInvalid={false} />);
    await user.click(screen.getByRole("button", { name: "go" }));
    expect(screen.getByRole("alert").textContent).toBe("required");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "go" }));
  });

  it('with revalidate: "live", shows what a check finds later once submitted, until reset', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LiveHarness taken={false} />);
    rerender(<LiveHarness taken />);
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "go" }));
    expect(screen.getByRole("alert").textContent).toBe("taken");
    rerender(<LiveHarness taken={false} />);
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<LiveHarness taken />);
    expect(screen.getByRole("alert").textContent).toBe("taken");
    await user.click(screen.getByRole("button", { name: "saved" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("focuses what focusRef names for a value it does not bind, and re-checks it when set", async () => {
    const user = userEvent.setup();
    render(<ChoiceHarness />);
    await user.click(screen.getByRole("button", { name: "go" }));
    expect(screen.getByRole("alert").textContent).toBe("choose one");
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "red" }));
    await user.click(screen.getByRole("checkbox", { name: "blue" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
