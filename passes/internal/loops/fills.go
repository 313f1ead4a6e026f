package loops

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// AppendsOnce reports that every iteration of the loop with the given body
// appends exactly one element to obj and does nothing else with it.
func AppendsOnce(info *types.Info, body *ast.BlockStmt, obj types.Object) bool {
	return !MayExit(body) && AppendsOnceUnlessExit(info, body, obj)
}

// AppendsOnceUnlessExit reports that every iteration of the loop with the
// given body that runs to its end appends exactly one element to obj, and
// does nothing else with it: the loop may end early (see MayExit), and the
// slice then holds fewer elements than the loop's bound.
func AppendsOnceUnlessExit(info *types.Info, body *ast.BlockStmt, obj types.Object) bool {
	appends := 0
	for _, s := range body.List {
		if !Refers(info, s, obj) {
			continue
		}
		if !appendOne(info, s, obj) {
			return false // used otherwise, or appended under a condition
		}
		appends++
	}
	return appends == 1
}

// appendOne recognises `s = append(s, x)`.
func appendOne(info *types.Info, stmt ast.Stmt, obj types.Object) bool {
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	lhs, ok := as.Lhs[0].(*ast.Ident)
	if !ok || info.ObjectOf(lhs) != obj {
		return false
	}
	call, ok := as.Rhs[0].(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return false
	}
	if !IsBuiltin(info, call.Fun, "append") {
		return false
	}
	first, ok := call.Args[0].(*ast.Ident)
	return ok && info.ObjectOf(first) == obj && !Refers(info, call.Args[1], obj)
}

// Stores counts the top-level statements `m[k] = v` of body, or returns -1
// when m is used in any other way.
func Stores(info *types.Info, body *ast.BlockStmt, obj types.Object) int {
	n := 0
	for _, s := range body.List {
		if !Refers(info, s, obj) {
			continue
		}
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return -1
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok {
			return -1
		}
		if id, ok := ix.X.(*ast.Ident); !ok || info.ObjectOf(id) != obj || Refers(info, ix.Index, obj) || Refers(info, as.Rhs[0], obj) {
			return -1
		}
		n++
	}
	return n
}

// FirstFilled returns a slice or map declared before list[i], by a
// declaration that evaluates nothing, that the loop list[j] fills as
// prealloc and mapsize report (AppendsOnce, Stores), or nil: where the loop
// ranges over a call, the fix of the first such variable holds the call's
// result (see RangeCall), and the others' wait for the next round of -fix,
// as made with it they would hold it twice. A variable whose finding a
// //squash:ignore silences (see Ignored) is passed over: its fix is not
// made.
func FirstFilled(pass *analysis.Pass, list []ast.Stmt, i, j int) types.Object {
	info := pass.TypesInfo
	for k := range i {
		for _, id := range declared(info, list[k]) {
			obj := info.Defs[id]
			if obj == nil {
				continue
			}
			first, body := FirstUse(info, list, k, obj)
			if first != j || body == nil {
				continue
			}
			_, isMap := obj.Type().Underlying().(*types.Map)
			switch {
			case IsSlice(obj.Type()) && AppendsOnce(info, body, obj):
				// One whose finding //squash:ignore silences makes no
				// fix to wait for (mitchellh/mapstructure's
				// dataValKeys, silenced, left dataValKeysUnused's
				// promised fix unmade, round after round).
				if !Ignored(pass, list[k], "prealloc") {
					return obj
				}
			case isMap && !MayExit(body) && Stores(info, body, obj) == 1:
				if !Ignored(pass, list[k], "mapsize") {
					return obj
				}
			}
		}
	}
	return nil
}
