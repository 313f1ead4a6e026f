package bench

import (
	"context"

	"github.com/squashgo/squash/internal/gotool"
)

// BuildPGO is Build with the go command's -pgo flag: "off" builds without
// profile-guided optimisation, a path with the CPU profile there, and ""
// as the go command does by default (-pgo=auto, which applies a
// default.pgo only to main packages).
func BuildPGO(ctx context.Context, pkg gotool.Package, work, pgo string) (*Binary, error) {
	if pgo == "" {
		return Build(ctx, pkg, work)
	}
	return Build(ctx, pkg, work, "-pgo="+pgo)
}
