import { useTranslation } from "react-i18next";
import { ProfileDetails } from "../../../features/account/components/profile-details.js";
import { useDocumentTitle } from "../../../hooks/use-document-title.js";
import { useSession } from "../../../lib/session.js";

export default function ProfileRoute() {
  const { t } = useTranslation();
  const { session } = useSession();
  useDocumentTitle(t("profile.title"));
  return session ? <ProfileDetails user={session.user} /> : null;
}
