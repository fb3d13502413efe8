import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { NewClient } from "@/features/oauth/api/clients.js";
import { ClientForm } from "@/features/oauth/components/client-form.js";
import { OAUTH_NS } from "@/features/oauth/hooks/use-oauth-translation.js";
import { i18n } from "@/lib/i18n.js";
import type { OAuthClientView } from "@/shared/oauth.js";
import { renderScreen, withLocale } from "./helpers/render.js";

async function setup({ client, allowTrusted }: { client?: OAuthClientView; allowTrusted?: boolean } = {}) {
  await withLocale("en");
  await i18n.loadNamespaces(OAUTH_NS);
  const sent: NewClient[] = [];
  renderScreen(
    <ClientForm
      client={client}
      allowTrusted={allowTrusted}
      error={null}
      busy={false}
      onSubmit={(values) => sent.push(values)}
      onCancel={() => undefined}
    />,
  );
  return { user: userEvent.setup(), sent };
}

const name = () => screen.getByRole("textbox", { name: "Name" });
const uris = () => screen.getByRole("textbox", { name: "Redirect URIs" });
const submit = () => screen.getByRole("button", { name: /^(Add app|Save)$/ });

describe("the OAuth client form", () => {
  it("says on submit what is missing, leaves the focus on the button, and sends nothing", async () => {
    const { user, sent } = await setup();
    await user.click(screen.getByRole("checkbox", { name: /^openid/ }));
    await user.click(submit());
    expect(screen.getByText("Enter a name.")).toBeTruthy();
    expect(screen.getByText("Enter at least one redirect URI.")).toBeTruthy();
    expect(screen.getByText("The openid scope is always needed.")).toBeTruthy();
    expect(name().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(submit());
    expect(sent).toEqual([]);
  });

  it("keeps a message until the next submit, then sends the trimmed values once they pass", async () => {
    const { user, sent } = await setup();
    await user.type(name(), "  Team Wiki ");
    await user.type(uris(), "https://wiki.example/cb{Enter}http://evil.example/cb");
    await user.click(submit());
    expect(screen.getByText("Not a valid redirect URI: http://evil.example/cb")).toBeTruthy();
    await user.clear(uris());
    await user.type(uris(), " https://wiki.example/cb {Enter}{Enter}https://wiki.example/cb");
    expect(screen.getByText("Not a valid redirect URI: http://evil.example/cb")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: /^Public/ }));
    await user.click(screen.getByRole("checkbox", { name: /^First-party app/ }));
    await user.click(submit());
    expect(screen.queryByText(/Not a valid redirect URI/)).toBeNull();
    expect(sent).toEqual([
      {
        name: "Team Wiki",
        redirectUris: ["https://wiki.example/cb"],
        scopes: ["openid", "profile", "email"],
        type: "public",
        trusted: true,
        backchannelLogoutUri: null,
      },
    ]);
  });

  it("starts from the app being changed, its type fixed; an organization's app is never first-party", async () => {
    const { user, sent } = await setup({
      allowTrusted: false,
      client: {
        clientId: "c1",
        name: "Board",
        redirectUris: ["https://board.example/cb", "https://board.example/cb2"],
        scopes: ["openid", "email"],
        type: "confidential",
        trusted: true,
        backchannelLogoutUri: "https://board.example/logout",
        createdAt: null,
      },
    });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /^Public/ }).disabled).toBe(true);
    expect(screen.queryByRole("checkbox", { name: /^First-party app/ })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: /^profile/ }));
    await user.clear(screen.getByRole("textbox", { name: /Back-channel logout URI/ }));
    await user.click(submit());
    expect(sent).toEqual([
      {
        name: "Board",
        redirectUris: ["https://board.example/cb", "https://board.example/cb2"],
        scopes: ["openid", "email", "profile"],
        type: "confidential",
        trusted: false,
        backchannelLogoutUri: null,
      },
    ]);
  });
});
