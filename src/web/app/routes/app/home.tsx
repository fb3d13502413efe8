import { HomeScreen } from "../../../features/organizations/components/home-screen.js";

export default function HomeRoute() {
  return <HomeScreen />;
}
