/** Saves a blob as a file named `filename` (the browser's download), releasing its URL afterwards. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
