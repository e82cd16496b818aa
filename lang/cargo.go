package lang

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// A Rust project as its author made it (Cargo.toml, src/main.rs, perhaps a
// Cargo.lock and a .cargo/config.toml) builds with cargo, offline, its
// crates taken from Debian's registry (CrateRegistry) in place of
// crates.io, as a single file's crates are (planRust).

// Cargo is the platform's build of a Rust project.
type Cargo struct {
	Bin   string // the program cargo builds for the bot
	Build string // sh -c in the project's directory; it leaves the program as ./bot
	// Notes are what the build's log says before cargo does: what Arena
	// changed in the upload to build it (its Cargo.lock set aside).
	Notes []string
}

// CargoProgram is where the build leaves the project's program, and what
// the bot runs.
const CargoProgram = "bot"

// maxManifest bounds what is read of a Cargo.toml or Cargo.lock.
const maxManifest = 1 << 20

// CrateSource says where a Rust project's crates come from.
type CrateSource struct {
	// Directory is a directory registry read offline, in place of
	// crates.io (CrateRegistry: Debian's packaged crates).
	Directory string
	// Fetch takes them from crates.io instead, through its sparse index
	// (the build reaches the registries: build_network = registries),
	// or from Index, a sparse registry's URL that stands for crates.io
	// (a test's).
	Fetch bool
	Index string
}

// sparse turns on cargo's sparse index: Debian's cargo 1.65 reads
// crates.io's index through git, from GitHub (which the registries
// proxy refuses), unless its unstable sparse-registry is on; cargo 1.68
// and later read the sparse index anyway, and ignore the setting.
const sparse = "CARGO_UNSTABLE_SPARSE_REGISTRY=true CARGO_REGISTRIES_CRATES_IO_PROTOCOL=sparse "

// PlanCargo reads the Rust project at root: the program its Cargo.toml
// builds ([package] default-run, its one [[bin]], or src/main.rs named
// after the package), and, offline, whether every crate it depends on is
// in the crate registry of from.Directory (unless the project vendors its
// own: its .cargo/config.toml replaces crates.io). It may remove the
// project's Cargo.lock (see setLockAside). Its error is for the team: a
// crate the registry lacks, a program it cannot tell.
func PlanCargo(root string, from CrateSource) (Cargo, error) {
	body, err := readLimited(filepath.Join(root, "Cargo.toml"))
	if err != nil {
		return Cargo{}, err
	}
	var m cargoToml
	if _, err := toml.Decode(string(body), &m); err != nil {
		return Cargo{}, fmt.Errorf("Cargo.toml: %w", err)
	}
	bin, err := m.program(root)
	if err != nil {
		return Cargo{}, err
	}
	if _, err := os.Lstat(filepath.Join(root, CargoProgram)); err == nil {
		return Cargo{}, fmt.Errorf("the project has a %q at its top, where the build puts its program: rename it", CargoProgram)
	}
	c := Cargo{Bin: bin}
	var crates crateCache // nil: the registry says what it has
	env, config, offline := "", "", "--offline "
	switch {
	case vendored(root):
		c.Notes = append(c.Notes, "the project's .cargo/config.toml replaces crates.io: its own crates are used, offline")
	case from.Fetch:
		env, offline = sparse, ""
		c.Notes = append(c.Notes, "crates are fetched from crates.io, through Arena's registry proxy")
		if from.Index != "" {
			config = fmt.Sprintf(`--config 'source.crates-io.replace-with="fetched"' --config 'source.fetched.registry="sparse+%s"' `, from.Index)
		}
	default:
		crates = readCrateCache(from.Directory)
		config = fmt.Sprintf(`--config 'source.crates-io.replace-with="debian"' --config 'source.debian.directory="%s"' `, from.Directory)
	}
	if err := checkCrates(m, crates); err != nil {
		return Cargo{}, err
	}
	notes, err := setLockAside(root, crates)
	if err != nil {
		return Cargo{}, err
	}
	c.Notes = append(c.Notes, notes...)
	// cargo's own home and its target directory in the tree, removed
	// after: a build's disk is the tree's
	c.Build = fmt.Sprintf(`%sCARGO_HOME="$PWD/.cargo-home" CARGO_TARGET_DIR="$PWD/target" cargo %sbuild --release %s--bin %s && mv target/release/%s %s; s=$?; rm -rf target .cargo-home; exit $s`,
		env, config, offline, Quote(bin), Quote(bin), CargoProgram)
	return c, nil
}

// cargoToml is what PlanCargo reads of a Cargo.toml.
type cargoToml struct {
	Package *struct {
		Name       string `toml:"name"`
		DefaultRun string `toml:"default-run"`
		Autobins   *bool  `toml:"autobins"`
	} `toml:"package"`
	Bin    []struct{ Name, Path string } `toml:"bin"`
	Target map[string]dependencyTables   `toml:"target"`
	dependencyTables
}

type dependencyTables struct {
	Dependencies      map[string]any `toml:"dependencies"`
	DevDependencies   map[string]any `toml:"dev-dependencies"`
	BuildDependencies map[string]any `toml:"build-dependencies"`
}

// program is the binary the bot runs, as cargo run would choose it.
func (m cargoToml) program(root string) (string, error) {
	if m.Package == nil {
		return "", errors.New("Cargo.toml has no [package] (a workspace?): the platform builds one package, its Cargo.toml at the top of the zip")
	}
	if m.Package.DefaultRun != "" {
		return checkBin(m.Package.DefaultRun)
	}
	var bins []string
	for _, b := range m.Bin {
		if b.Name != "" && !slices.Contains(bins, b.Name) {
			bins = append(bins, b.Name)
		}
	}
	if m.Package.Autobins == nil || *m.Package.Autobins {
		bins = append(bins, autobins(root, m.Package.Name, bins)...)
	}
	switch len(bins) {
	case 0:
		return "", errors.New("Cargo.toml builds no program: add src/main.rs, or a [[bin]]")
	case 1:
		return checkBin(bins[0])
	}
	sort.Strings(bins)
	return "", fmt.Errorf("Cargo.toml builds several programs (%s): name the bot's in [package], such as default-run = %q", strings.Join(bins, ", "), bins[0])
}

// autobins are the programs cargo finds without a [[bin]]: src/main.rs,
// named after the package, and src/bin's, but those of have.
func autobins(root, pkg string, have []string) []string {
	var out []string
	add := func(name string) {
		if name != "" && !slices.Contains(have, name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if fi, err := os.Stat(filepath.Join(root, "src", "main.rs")); err == nil && fi.Mode().IsRegular() {
		add(pkg)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "src", "bin"))
	for _, e := range entries {
		switch {
		case e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".rs"):
			add(strings.TrimSuffix(e.Name(), ".rs"))
		case e.IsDir():
			if _, err := os.Stat(filepath.Join(root, "src", "bin", e.Name(), "main.rs")); err == nil {
				add(e.Name())
			}
		}
	}
	return out
}

var binName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func checkBin(name string) (string, error) {
	if !binName.MatchString(name) {
		return "", fmt.Errorf("Cargo.toml names the program %q: a program's name is letters, digits, _ and - (64 at most)", name)
	}
	return name, nil
}

// dependency is one crate a manifest names, and where from: "" for
// crates.io, "path" for a crate of the project, else what cannot be had
// offline (a git repository, another registry).
type dependency struct{ crate, from string }

// dependencies lists every table's crates: the normal, dev and build
// ones, of every target (cargo resolves them all, even for a build).
func (m cargoToml) dependencies() []dependency {
	tables := []dependencyTables{m.dependencyTables}
	keys := make([]string, 0, len(m.Target))
	for k := range m.Target {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tables = append(tables, m.Target[k])
	}
	var out []dependency
	for _, t := range tables {
		for _, deps := range []map[string]any{t.Dependencies, t.DevDependencies, t.BuildDependencies} {
			names := make([]string, 0, len(deps))
			for n := range deps {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				out = append(out, dependencyOf(n, deps[n]))
			}
		}
	}
	return out
}

// dependencyOf reads one dependency: "0.8", or a table ({ version =
// "0.8", package = "rand", git = "..." }).
func dependencyOf(name string, spec any) dependency {
	d := dependency{crate: name}
	t, ok := spec.(map[string]any)
	if !ok {
		return d
	}
	if p, ok := t["package"].(string); ok && p != "" {
		d.crate = p
	}
	switch {
	case t["path"] != nil:
		d.from = "path"
	case t["git"] != nil:
		d.from = fmt.Sprintf("the git repository %v", t["git"])
	case t["registry"] != nil && t["registry"] != "crates-io":
		d.from = fmt.Sprintf("the registry %v", t["registry"])
	}
	return d
}

// checkCrates refuses a crate from elsewhere than crates.io (a git
// repository, another registry), which builds cannot reach, and one that
// the cache lacks, saying which crates it has (nil: fetched, crates.io
// has them).
func checkCrates(m cargoToml, crates crateCache) error {
	for _, d := range m.dependencies() {
		switch {
		case d.from == "path":
			// a crate of the project: cargo reads its Cargo.toml, and
			// says what it lacks
		case d.from != "":
			return fmt.Errorf("Cargo.toml takes the crate %s from %s, which builds here cannot reach (they reach crates.io at most): depend on a crate of crates.io", d.crate, d.from)
		case crates != nil && len(crates[d.crate]) == 0:
			return fmt.Errorf("Cargo.toml depends on the crate %s, which the organiser's crate cache does not hold, and this event's builds have no network. The crates available offline: %s. The organiser adds a crate that Debian packages with apt-get install %s, or lets builds fetch from crates.io (build_network = registries)", d.crate, crates, debianCrate(d.crate))
		}
	}
	return nil
}

// debianCrate is the Debian package of a crate's sources.
func debianCrate(crate string) string {
	return "librust-" + strings.ReplaceAll(strings.ToLower(crate), "_", "-") + "-dev"
}

// crateCache is what a directory registry holds: each crate's versions,
// with the checksum of its package where the registry knows it.
type crateCache map[string][]cachedCrate

type cachedCrate struct{ version, checksum string }

func (c crateCache) String() string {
	if len(c) == 0 {
		return "none"
	}
	var all []string
	for name, vs := range c {
		for _, v := range vs {
			all = append(all, name+" "+v.version)
		}
	}
	sort.Strings(all)
	return strings.Join(all, ", ")
}

// cacheDir is a registry directory's NAME-VERSION (cfg-if-1.0.0,
// sval-1.0.0-alpha.5).
var cacheDir = regexp.MustCompile(`^(.+?)-([0-9]+\.[0-9]+\.[0-9]+.*)$`)

// readCrateCache lists the crates of a directory registry (Debian's
// /usr/share/cargo/registry).
func readCrateCache(dir string) crateCache {
	c := crateCache{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		m := cacheDir.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		var sums struct {
			Package string `json:"package"`
		}
		if b, err := readLimited(filepath.Join(dir, e.Name(), ".cargo-checksum.json")); err == nil {
			json.Unmarshal(b, &sums)
		}
		c[m[1]] = append(c[m[1]], cachedCrate{version: m[2], checksum: sums.Package})
	}
	return c
}

// setLockAside removes the project's Cargo.lock unless cargo can build
// from it, offline against the cache (or fetching, when crates is nil),
// and says why in notes. Cargo refuses
// a lockfile whose crates the cache lacks at their versions, or holds
// with another checksum (Debian's packaged crates mostly have none of
// crates.io's), and one of format 4 (cargo 1.83's, newer than Debian's
// cargo reads): the build then makes its lockfile anew, offline, from
// the cache, which holds one version of each crate.
func setLockAside(root string, crates crateCache) ([]string, error) {
	path := filepath.Join(root, "Cargo.lock")
	body, err := readLimited(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	why := lockProblems(body, crates)
	if len(why) == 0 && crates == nil {
		return nil, nil // fetched from crates.io, as the lockfile pins them
	}
	if len(why) == 0 {
		return []string{"Cargo.lock: every crate it pins is in the organiser's crate cache, as pinned"}, nil
	}
	if err := os.Remove(path); err != nil {
		return nil, err
	}
	const most = 8
	if len(why) > most {
		why = append(why[:most], fmt.Sprintf("and %d more", len(why)-most))
	}
	if crates == nil {
		return []string{"Cargo.lock set aside (" + strings.Join(why, "; ") + "): cargo makes a new one"}, nil
	}
	return []string{"Cargo.lock set aside (" + strings.Join(why, "; ") + "): cargo makes a new one, offline, from the organiser's crate cache (Debian's packaged crates, one version of each)"}, nil
}

// cargoLock is what setLockAside reads of a Cargo.lock.
type cargoLock struct {
	Version int `toml:"version"`
	Package []struct {
		Name, Version, Source, Checksum string
	} `toml:"package"`
}

// lockProblems lists what keeps cargo from building offline from a
// lockfile against the cache; none when it can.
func lockProblems(body []byte, crates crateCache) []string {
	var l cargoLock
	if _, err := toml.Decode(string(body), &l); err != nil {
		return []string{"it is not a lockfile cargo reads: " + firstLine(err.Error())}
	}
	if l.Version > 3 {
		return []string{fmt.Sprintf("its format %d is newer than Debian's cargo 1.65 reads (3)", l.Version)}
	}
	var why []string
	for _, p := range l.Package {
		if crates == nil || !strings.HasPrefix(p.Source, "registry+") {
			continue // the project's own crates
		}
		have := crates[p.Name]
		i := slices.IndexFunc(have, func(c cachedCrate) bool { return c.version == p.Version })
		switch {
		case i < 0 && len(have) == 0:
			why = append(why, fmt.Sprintf("%s %s is not in the cache", p.Name, p.Version))
		case i < 0:
			var vs []string
			for _, c := range have {
				vs = append(vs, c.version)
			}
			why = append(why, fmt.Sprintf("%s %s is not in the cache, which has %s", p.Name, p.Version, strings.Join(vs, ", ")))
		case p.Checksum != "" && p.Checksum != have[i].checksum:
			why = append(why, fmt.Sprintf("%s %s's checksum is crates.io's, not the cache's", p.Name, p.Version))
		}
	}
	return why
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// vendored says whether the project's own cargo configuration replaces
// crates.io (cargo vendor's vendor/ directory): its crates are then its
// own, and PlanCargo leaves them be.
func vendored(root string) bool {
	for _, name := range []string{"config.toml", "config"} {
		body, err := readLimited(filepath.Join(root, ".cargo", name))
		if err != nil {
			continue
		}
		var c struct {
			Source map[string]struct {
				ReplaceWith string `toml:"replace-with"`
			} `toml:"source"`
		}
		if _, err := toml.Decode(string(body), &c); err == nil && c.Source["crates-io"].ReplaceWith != "" {
			return true
		}
	}
	return false
}

// readLimited reads a file of the upload, maxManifest bytes at most (a
// larger one is an error: a team's file is its own word).
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err == nil && len(b) > maxManifest {
		err = fmt.Errorf("%s is over %d bytes", filepath.Base(path), maxManifest)
	}
	return b, err
}
