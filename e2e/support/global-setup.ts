import { makeDataDirTemplate } from "./data-dir-template";

export default async function globalSetup() {
  return makeDataDirTemplate();
}
