package regexpcompile

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/squashgo/squash/passes/internal/loops"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports regular expressions compiled from constants in functions.
var Analyzer = &analysis.Analyzer{
	Name:     "regexpcompile",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/regexpcompile",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

var compilers = map[string]bool{
	"regexp.MustCompile": true, "regexp.MustCompilePOSIX": true,
	"regexp.Compile": false, "regexp.CompilePOSIX": false,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	fl := newFlows(pass, ins)
	taken := map[string]bool{} // names given to variables by earlier fixes
	once := calledOnce(pass, ins)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fd.Body == nil || isTest(pass, fd) {
			continue
		}
		// Code that runs once still runs its loops many times, and its
		// function literals whenever they are called (a handler main
		// registers): see repeater.
		oneRun := runsOnce(pass, fd) || once[pass.TypesInfo.Defs[fd.Name]]
		setUp := isBenchmark(pass, fd)
		var timing map[types.Object]bool
		if setUp {
			timing = timingVars(pass, cur)
		}
		for call := range cur.Preorder((*ast.CallExpr)(nil)) {
			if oneRun && repeater(call) == nil {
				continue
			}
			if setUp && !inTimedLoop(pass, call, timing) {
				continue // a benchmark's set-up: a few times a run, not timed per op
			}
			report(pass, fl, taken, funcOwner(fd), call, oneRun)
		}
	}
	// A package-level variable's initializer runs once, like init, but the
	// function literals it holds (a handler, a table of them) run on every
	// call.
	for cur := range ins.Root().Preorder((*ast.ValueSpec)(nil)) {
		gd, ok := cur.Parent().Node().(*ast.GenDecl)
		if !ok || !isFile(cur.Parent().Parent()) {
			continue
		}
		spec := cur.Node().(*ast.ValueSpec)
		for call := range cur.Preorder((*ast.CallExpr)(nil)) {
			if repeater(call) != nil {
				report(pass, fl, taken, varOwner(gd, spec, call), call, true)
			}
		}
	}
	return nil, nil
}

func isFile(cur inspector.Cursor) bool {
	_, ok := cur.Node().(*ast.File)
	return ok
}

// An owner is the declaration that a compile is in: a function, or a
// package-level variable whose initializer holds function literals.
type owner struct {
	decl ast.Decl
	doc  *ast.CommentGroup // decl's; the hoisted variable goes before it
	name string            // the function or variable, as messages name it
	base string            // the start of the hoisted variable's name
}

func funcOwner(fd *ast.FuncDecl) owner {
	base := fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		base = recvName(fd.Recv.List[0].Type) + "_" + base
	}
	return owner{decl: fd, doc: fd.Doc, name: fd.Name.Name, base: base}
}

// varOwner returns the owner of the call at cur in the initializer of
// spec, of gd: named after the variable that the call's value goes to.
func varOwner(gd *ast.GenDecl, spec *ast.ValueSpec, cur inspector.Cursor) owner {
	name := spec.Names[0].Name
	for i, v := range spec.Values {
		if i < len(spec.Names) && v.Pos() <= cur.Node().Pos() && cur.Node().End() <= v.End() {
			name = spec.Names[i].Name
		}
	}
	return owner{decl: gd, doc: gd.Doc, name: name, base: name}
}

// repeater returns what runs cur many times in code that runs once: the
// innermost loop, or function literal not called where it is written
// (func() { … }() is), that cur is in; or nil.
func repeater(cur inspector.Cursor) ast.Node {
	for anc := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil)) {
		if _, ok := anc.Node().(*ast.FuncLit); !ok {
			return anc.Node() // a loop
		}
		p := anc.Parent()
		for {
			if _, ok := p.Node().(*ast.ParenExpr); !ok {
				break
			}
			p = p.Parent()
		}
		if call, ok := p.Node().(*ast.CallExpr); !ok || ast.Unparen(call.Fun) != anc.Node() {
			return anc.Node()
		}
	}
	return nil
}

// calledOnce returns the functions and methods of the package that run at
// most once per call site that runs once: those whose every use is a call,
// outside loops and function literals, in init, main.main, a package-level
// variable's initializer, or another such function, and at least one use.
// Exported functions are left out where another package could call them
// (everywhere but package main), and so are methods that an interface
// could call: exported ones, and unexported ones whose name an interface
// of the package declares. Calls from tests do not count: a test helper is
// reported, as tests may call it many times.
func calledOnce(pass *analysis.Pass, ins *inspector.Inspector) map[types.Object]bool {
	isMain := pass.Pkg.Name() == "main"
	ifaceMethods := map[string]bool{}
	for cur := range ins.Root().Preorder((*ast.InterfaceType)(nil)) {
		for _, f := range cur.Node().(*ast.InterfaceType).Methods.List {
			for _, name := range f.Names {
				ifaceMethods[name.Name] = true
			}
		}
	}
	candidate := func(fn *types.Func) bool {
		if fn.Pkg() != pass.Pkg || fn.Name() == "init" || fn.Name() == "_" {
			return false
		}
		if fn.Signature().Recv() != nil {
			return !fn.Exported() && !ifaceMethods[fn.Name()]
		}
		return isMain || !fn.Exported()
	}
	// uses[f] lists f's uses: where each is, and whether it runs at most
	// once each time that place runs.
	type use struct {
		in *types.Func // the enclosing declaration; nil at package level
		ok bool        // a call outside loops and function literals
	}
	uses := map[*types.Func][]use{}
	gotos := map[*ast.FuncDecl]bool{} // hasGoto, once a declaration
	for cur := range ins.Root().Preorder((*ast.Ident)(nil)) {
		fn, ok := pass.TypesInfo.Uses[cur.Node().(*ast.Ident)].(*types.Func)
		if !ok || !candidate(fn.Origin()) {
			continue
		}
		fn = fn.Origin()
		u := use{ok: isCallee(cur)}
		for anc := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
			if fd, isDecl := anc.Node().(*ast.FuncDecl); isDecl {
				g, seen := gotos[fd]
				if !seen {
					g = hasGoto(fd)
					gotos[fd] = g
				}
				u.in, _ = pass.TypesInfo.Defs[fd.Name].(*types.Func)
				u.ok = u.ok && u.in != nil && !g
			} else {
				u.ok = false
			}
			break
		}
		uses[fn] = append(uses[fn], u)
	}
	once := map[types.Object]bool{}
	runs := func(f *types.Func) bool { // f runs at most once a program run
		return f.Name() == "init" && f.Signature().Recv() == nil ||
			isMain && f.Name() == "main" && f.Signature().Recv() == nil || once[f]
	}
	for changed := true; changed; {
		changed = false
		for fn, us := range uses {
			if once[fn] {
				continue
			}
			all := true
			for _, u := range us {
				if !u.ok || u.in != nil && !runs(u.in) {
					all = false
					break
				}
			}
			if all {
				once[fn], changed = true, true
			}
		}
	}
	return once
}

// isCallee reports whether the identifier at cur names the function that a
// call calls: f(), x.f(), f[T]() or (f)().
func isCallee(cur inspector.Cursor) bool {
	var n ast.Node = cur.Node()
	for p := cur.Parent(); ; p = p.Parent() {
		switch e := p.Node().(type) {
		case *ast.SelectorExpr:
			if e.Sel != n {
				return false
			}
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.ParenExpr:
		case *ast.CallExpr:
			return e.Fun == n
		default:
			return false
		}
		n = p.Node()
	}
}

// hasGoto reports whether fd has a goto statement, which can make a loop.
func hasGoto(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if br, ok := n.(*ast.BranchStmt); ok && br.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// report reports the call at cur if it compiles a constant pattern, with a
// fix when the compiled value can safely be shared.
func report(pass *analysis.Pass, fl *flows, taken map[string]bool, o owner, cur inspector.Cursor, oneRun bool) {
	call := cur.Node().(*ast.CallExpr)
	if len(call.Args) != 1 {
		return
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return
	}
	must, known := compilers[fn.FullName()]
	if !known {
		return
	}
	tv, ok := pass.TypesInfo.Types[call.Args[0]]
	if !ok || tv.Value == nil {
		return // not a constant pattern
	}
	where, every := o.name, "call of"
	if lit, ok := funcLit(cur); ok {
		if onceArg(pass, lit) {
			return // lazy initialisation, run once
		}
		where = "the function literal in " + where
	}
	if _, lit := repeater(cur).(*ast.FuncLit); oneRun && !lit {
		every = "iteration of a loop in" // o itself runs once
	}
	d := analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("%s of a constant pattern runs on every %s %s: compile it once in a package-level variable", fn.FullName(), every, where),
	}
	if err := compiles(fn.Name(), tv.Value); err != nil {
		// Hoisted, a MustCompile would panic when the package is
		// initialized, whether or not the function is ever called.
		d.Message = fmt.Sprintf("%s of a constant pattern that does not compile fails on every %s %s: %v", fn.FullName(), every, where, err)
		pass.Report(d)
		return
	}
	local := localName(pass, call.Args[0])
	switch {
	case !must:
		// Compile's error needs a decision: no fix.
		d.Message += fmt.Sprintf(" (no fix offered: %s returns an error, whose handling the fix would have to remove; the pattern compiles, so %s can take its place)", fn.FullName(), strings.Replace(fn.FullName(), ".", ".Must", 1))
	case fl.longest(cur):
		d.Message += " (and call Longest in its initializer)"
	case local != "":
		d.Message += " (no fix offered: the pattern uses " + local + ", declared in the function, which a package-level variable cannot see)"
	default:
		name := varName(pass, o, heldIn(cur), taken)
		taken[name] = true
		decl := fmt.Sprintf("var %s = %s\n\n", name, loops.Text(pass.Fset, call))
		start := o.decl.Pos()
		if o.doc != nil {
			start = o.doc.Pos()
		}
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message: "Compile once in var " + name,
			TextEdits: []analysis.TextEdit{
				{Pos: start, End: start, NewText: []byte(decl)},
				{Pos: call.Pos(), End: call.End(), NewText: []byte(name)},
			},
		}}
	}
	pass.Report(d)
}

// compiles compiles the constant pattern v as the function named name
// would, POSIX or not, and returns its error.
func compiles(name string, v constant.Value) error {
	if v.Kind() != constant.String {
		return nil // the type checker reports it
	}
	compile := regexp.Compile
	if strings.HasSuffix(name, "POSIX") {
		compile = regexp.CompilePOSIX
	}
	_, err := compile(constant.StringVal(v))
	return err
}

// funcLit returns the innermost function literal enclosing cur, if any.
func funcLit(cur inspector.Cursor) (inspector.Cursor, bool) {
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		return lit, true
	}
	return inspector.Cursor{}, false
}

// onceArg reports whether the function literal at lit is passed to
// sync.Once.Do, sync.OnceFunc, sync.OnceValue or sync.OnceValues, which
// call it once.
func onceArg(pass *analysis.Pass, lit inspector.Cursor) bool {
	call, ok := lit.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return false
	}
	switch fn.Origin().FullName() {
	case "(*sync.Once).Do", "sync.OnceFunc", "sync.OnceValue", "sync.OnceValues":
		return true
	}
	return false
}

// runsOnce reports whether fd runs once per program run: init, or main.main.
func runsOnce(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	return fd.Recv == nil && (fd.Name.Name == "init" || fd.Name.Name == "main" && pass.Pkg.Name() == "main")
}

// isTest reports whether fd runs once per test run, so that compiling
// there costs no more than at package level: in _test.go files the test
// functions, examples and TestMain. Benchmarks and fuzz targets, whose
// bodies run many times, are not, nor are test helpers, which may be called
// by many tests.
func isTest(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	if fd.Recv != nil || !strings.HasSuffix(pass.Fset.File(fd.Pos()).Name(), "_test.go") {
		return false
	}
	fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.TypeParams() != nil || sig.Results().Len() != 0 {
		return false
	}
	name := fd.Name.Name
	switch {
	case isTestName(name, "Example"):
		return sig.Params().Len() == 0
	case name == "TestMain":
		return sig.Params().Len() == 1 && isTesting(sig.Params().At(0).Type(), "M")
	case isTestName(name, "Test"):
		return sig.Params().Len() == 1 && isTesting(sig.Params().At(0).Type(), "T")
	}
	return false
}

// isBenchmark reports whether fd is a benchmark of a _test.go file:
// BenchmarkX(b *testing.B).
func isBenchmark(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	if fd.Recv != nil || !isTestName(fd.Name.Name, "Benchmark") || !strings.HasSuffix(pass.Fset.File(fd.Pos()).Name(), "_test.go") {
		return false
	}
	fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 1 && isTesting(sig.Params().At(0).Type(), "B") && sig.Results().Len() == 0
}

// inTimedLoop reports whether cur is inside a benchmark's timed loop, or a
// loop within one: a for statement whose condition calls b.Loop() or
// pb.Next() or reads b.N, or a range over an expression that reads b.N. A
// loop around b.Run runs its sub-benchmarks' set-up, once each.
func inTimedLoop(pass *analysis.Pass, cur inspector.Cursor, timing map[types.Object]bool) bool {
	for loop := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		var parts []ast.Node
		switch l := loop.Node().(type) {
		case *ast.ForStmt:
			parts = []ast.Node{l.Init, l.Cond, l.Post}
		case *ast.RangeStmt:
			parts = []ast.Node{l.X}
		}
		for _, e := range parts {
			if e != nil && (timesOps(pass, e) || slices.ContainsFunc(loops.Idents(pass.TypesInfo, e), func(v types.Object) bool { return timing[v] })) {
				return true
			}
		}
	}
	return false
}

// timingVars returns the local variables of the benchmark fd (at cur) that
// are given a value that reads b.N: n := b.N, the count of a loop written
// for i := 0; i < n; i++.
func timingVars(pass *analysis.Pass, cur inspector.Cursor) map[types.Object]bool {
	vars := map[types.Object]bool{}
	for as := range cur.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
		var lhs []*ast.Ident
		var rhs []ast.Expr
		switch n := as.Node().(type) {
		case *ast.AssignStmt:
			rhs = n.Rhs
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					lhs = append(lhs, id)
				}
			}
		case *ast.ValueSpec:
			lhs, rhs = n.Names, n.Values
		}
		if len(lhs) != len(rhs) {
			continue
		}
		for i, id := range lhs {
			if obj := pass.TypesInfo.ObjectOf(id); obj != nil && timesOps(pass, rhs[i]) {
				vars[obj] = true
			}
		}
	}
	return vars
}

// timesOps reports whether e calls (*testing.B).Loop or (*testing.PB).Next
// or reads (*testing.B).N.
func timesOps(pass *analysis.Pass, e ast.Node) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || found {
			return !found
		}
		recv := pass.TypesInfo.TypeOf(sel.X)
		switch sel.Sel.Name {
		case "Loop", "N":
			found = isTesting(recv, "B")
		case "Next":
			found = isTesting(recv, "PB")
		}
		return !found
	})
	return found
}

// isTestName reports whether name is prefix followed by nothing or by a
// character that is not a lower-case letter, as go test requires.
func isTestName(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || !unicode.IsLower(r)
}

// isTesting reports whether t is *testing.<name>.
func isTesting(t types.Type, name string) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == name
}

// localName returns the name of the first thing e uses that is declared
// inside a function, a constant, type or variable (len of a local array is
// constant) that a package-level variable cannot see, or "".
func localName(pass *analysis.Pass, e ast.Expr) string {
	name := ""
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := pass.TypesInfo.Uses[id]; obj != nil && obj.Pkg() == pass.Pkg && !isPackageLevel(obj) {
				name = id.Name
			}
		}
		return name == ""
	})
	return name
}

// isPackageLevel reports whether obj is declared at package level, or
// in a file's scope (an import), or has no scope of its own (a field or
// method, which a selector names).
func isPackageLevel(obj types.Object) bool {
	s := obj.Parent()
	return s == nil || s == obj.Pkg().Scope() || s.Parent() == obj.Pkg().Scope()
}

// flows records, for the package, where *regexp.Regexp values go and which
// holders have their Longest method called. Longest is the one method that
// modifies a Regexp: a value on which it is called must not become a shared
// package-level variable.
//
// A holder is a variable (local, package-level or struct field) or a
// function returning the value. Values flow by assignment, declaration,
// composite literal field, return, and a call of such a function. Values
// passed to other functions, put in slices or maps, or returned from the
// package are not followed: Regexp is safe to share among those unless a
// caller calls Longest, which is rare.
type flows struct {
	pass *analysis.Pass
	to   map[types.Object][]types.Object // holder -> holders it is copied to
	mut  map[types.Object]bool           // holders whose Longest is called
}

func newFlows(pass *analysis.Pass, ins *inspector.Inspector) *flows {
	fl := &flows{pass: pass, to: map[types.Object][]types.Object{}, mut: map[types.Object]bool{}}
	add := func(dst, src types.Object) {
		if dst != nil && src != nil {
			fl.to[src] = append(fl.to[src], dst)
		}
	}
	filter := []ast.Node{(*ast.SelectorExpr)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.KeyValueExpr)(nil), (*ast.ReturnStmt)(nil)}
	for cur := range ins.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.SelectorExpr:
			if fn, ok := pass.TypesInfo.Uses[n.Sel].(*types.Func); ok && fn.FullName() == "(*regexp.Regexp).Longest" {
				if obj := fl.holder(n.X); obj != nil {
					fl.mut[obj] = true
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					add(fl.holder(n.Lhs[i]), fl.holder(n.Rhs[i]))
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					add(pass.TypesInfo.Defs[n.Names[i]], fl.holder(n.Values[i]))
				}
			}
		case *ast.KeyValueExpr:
			if key, ok := n.Key.(*ast.Ident); ok {
				if f, ok := pass.TypesInfo.Uses[key].(*types.Var); ok && f.IsField() {
					add(f, fl.holder(n.Value))
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				add(fl.function(cur), fl.holder(n.Results[0]))
			}
		}
	}
	return fl
}

// holder returns the variable, field or function whose value e is, or nil.
func (fl *flows) holder(e ast.Expr) types.Object {
	info := fl.pass.TypesInfo
	if !isRegexp(info.TypeOf(e)) {
		return nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if v, ok := info.ObjectOf(e.Sel).(*types.Var); ok {
			return v
		}
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(info, e).(*types.Func); ok && fn.Pkg() == fl.pass.Pkg {
			return fn
		}
	}
	return nil
}

// function returns the function declared by the FuncDecl that a return
// statement at cur belongs to, or nil inside a function literal.
func (fl *flows) function(cur inspector.Cursor) types.Object {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fd, ok := c.Node().(*ast.FuncDecl); ok {
			return fl.pass.TypesInfo.Defs[fd.Name]
		}
		return nil
	}
	return nil
}

// longest reports whether the Regexp compiled by the call at cur may have
// its Longest method called: directly, or through the holders it reaches.
func (fl *flows) longest(cur inspector.Cursor) bool {
	// Find the expression the call's value is used in, skipping parens.
	for cur.Parent().Node() != nil {
		if _, ok := cur.Parent().Node().(*ast.ParenExpr); !ok {
			break
		}
		cur = cur.Parent()
	}
	var start types.Object
	switch p := cur.Parent().Node().(type) {
	case *ast.SelectorExpr:
		return p.Sel.Name == "Longest"
	case *ast.AssignStmt:
		if i := slices.Index(p.Rhs, cur.Node().(ast.Expr)); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			start = fl.holder(p.Lhs[i])
		}
	case *ast.ValueSpec:
		if i := slices.Index(p.Values, cur.Node().(ast.Expr)); i >= 0 && len(p.Names) == len(p.Values) {
			start = fl.pass.TypesInfo.Defs[p.Names[i]]
		}
	case *ast.KeyValueExpr:
		if key, ok := p.Key.(*ast.Ident); ok {
			start = fl.pass.TypesInfo.Uses[key]
		}
	case *ast.ReturnStmt:
		start = fl.function(cur.Parent())
	}
	seen := map[types.Object]bool{}
	var visit func(types.Object) bool
	visit = func(obj types.Object) bool {
		if obj == nil || seen[obj] {
			return false
		}
		seen[obj] = true
		return fl.mut[obj] || slices.ContainsFunc(fl.to[obj], visit)
	}
	return visit(start)
}

// isRegexp reports whether t is *regexp.Regexp.
func isRegexp(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "regexp" && n.Obj().Name() == "Regexp"
}

// varName picks a package-level name in mixedCaps not yet in use: the
// owner's name (the function's, with the receiver's type name for a method,
// or the variable's) followed by the name of the local variable that the
// compile initializes, with Re unless it ends in a word for a regexp
// (anchorRe, imgPattern: linksAnchorRe, linksImgPatternRe), or by Re alone
// where there is none or its name says only that it holds a regexp (re,
// rx, r); then with 2, 3... until it is free.
func varName(pass *analysis.Pass, o owner, local string, taken map[string]bool) string {
	suffix := "Re"
	if local != "" && len([]rune(local)) > 1 && !regexpWords[strings.ToLower(local)] {
		suffix = local
		lower := strings.ToLower(local)
		if !slices.ContainsFunc([]string{"re", "regexp", "regex", "rx"}, func(w string) bool { return strings.HasSuffix(lower, w) }) {
			suffix += "Re"
		}
	}
	base := mixedCaps(o.base + "_" + suffix)
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprint(base, i)
		}
		if taken[name] || declared(pass, name) || shadowed(pass, o.decl, name) {
			continue
		}
		return name
	}
}

// regexpWords are local names that say only that they hold a regexp: the
// hoisted variable is named after the function alone.
var regexpWords = map[string]bool{"re": true, "rx": true, "rgx": true, "regex": true, "regexp": true, "exp": true, "expr": true}

// heldIn returns the name of the local variable that the compile at cur
// initializes, alone in its definition (name := regexp.MustCompile(…), or
// var name = …), or "".
func heldIn(cur inspector.Cursor) string {
	call := cur.Node()
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if p.Tok == token.DEFINE && len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Rhs[0] == call {
			if id, ok := p.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
				return id.Name
			}
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 && p.Values[0] == call && p.Names[0].Name != "_" {
			return p.Names[0].Name
		}
	}
	return ""
}

// declared reports whether name is declared at package level or imported
// in one of the package's files, where a new package-level variable of
// that name would conflict.
func declared(pass *analysis.Pass, name string) bool {
	if pass.Pkg.Scope().Lookup(name) != nil {
		return true
	}
	for _, f := range pass.Files {
		if s := pass.TypesInfo.Scopes[f]; s != nil && s.Lookup(name) != nil {
			return true
		}
	}
	return false
}

// shadowed reports whether name is declared inside decl, where the new
// package-level variable would be hidden.
func shadowed(pass *analysis.Pass, decl ast.Decl, name string) bool {
	found := false
	ast.Inspect(decl, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name && pass.TypesInfo.Defs[id] != nil {
			found = true
		}
		return !found
	})
	return found
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	}
	return "method"
}

// mixedCaps turns an identifier into an unexported mixedCaps name:
// underscores are dropped and the letter after each is upper-cased, and a
// leading run of capitals is lower-cased as an initialism would be
// (TestHook_source becomes testHookSource, HTTPServer httpServer, and
// parser_words parserWords). It returns "" for "_".
func mixedCaps(s string) string {
	var words []string
	for w := range strings.SplitSeq(s, "_") {
		if w != "" {
			words = append(words, w)
		}
	}
	var b strings.Builder
	for i, w := range words {
		r := []rune(w)
		if i == 0 {
			// Lower the leading capitals, except the last one of a run
			// followed by a lower-case letter: HTTPServer -> httpServer.
			j := 0
			for j < len(r) && unicode.IsUpper(r[j]) {
				j++
			}
			if j > 1 && j < len(r) && unicode.IsLower(r[j]) {
				j--
			}
			for k := range j {
				r[k] = unicode.ToLower(r[k])
			}
		} else {
			r[0] = unicode.ToUpper(r[0])
		}
		b.WriteString(string(r))
	}
	return b.String()
}
