// A copy of the project (E2E_ISOLATE=1 builds and runs one) uses the checkout's installed packages
// instead of installing its own: each entry of node_modules is linked, except the links npm made for
// the workspace packages (node_modules/@site/*), which are made again to name the copy's own folders.
// Linking node_modules whole would have the copy import the checkout's packages/, gateway/ and web/.
import { existsSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** The scope of the workspace packages' names (@site/content-model, @site/gateway, ...). */
const WORKSPACE_SCOPE = '@site';

/** Gives `copy` a node_modules of links into `root`'s, with the workspace packages in `copy`. */
export function linkNodeModules(root, copy) {
  const from = path.join(root, 'node_modules');
  if (!existsSync(from)) return;
  const to = path.join(copy, 'node_modules');
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name !== WORKSPACE_SCOPE) symlinkSync(path.join(from, name), path.join(to, name));
  }
  const scope = path.join(from, WORKSPACE_SCOPE);
  if (!existsSync(scope)) return;
  mkdirSync(path.join(to, WORKSPACE_SCOPE));
  for (const name of readdirSync(scope)) {
    const target = path.resolve(scope, readlinkSync(path.join(scope, name)));
    const inProject = path.relative(root, target);
    const own =
      inProject.startsWith('..') || path.isAbsolute(inProject) ? target : path.join(copy, inProject);
    symlinkSync(own, path.join(to, WORKSPACE_SCOPE, name), 'dir');
  }
}
