export { default } from "./en.js"; // TEMP
