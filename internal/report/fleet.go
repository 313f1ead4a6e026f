package report

import (
	"context"
	"fmt"
	"strings"

	pprof "github.com/google/pprof/profile"

	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/profile"
)

// A Source is the part of a site's allocations that one of several merged
// profiles holds.
type Source struct {
	Source  string  `json:"source"` // the file or URL, as given
	Objects int64   `json:"objects"`
	Bytes   int64   `json:"bytes"`
	Share   float64 `json:"share"` // of the site's objects
}

// FromProfiles attributes the allocation profiles cfg.Profiles, taken
// elsewhere (files, or URLs fetched as cfg.Fetch says) of one program, such
// as a fleet's replicas, to the lines of pkgs' modules, as one profile of
// their sum (see profile.Merge). With cfg.BySource, each site also says
// how much of it each profile holds. The functions of a package main among
// pkgs are matched by their files (see profile.QualifyMain).
func FromProfiles(ctx context.Context, cfg Config, pkgs []gotool.Package) (*Report, error) {
	ps, err := cfg.Fetch.LoadAll(ctx, cfg.Profiles)
	if err != nil {
		return nil, err
	}
	mains := profile.Mains(pkgs)
	for i, p := range ps {
		ps[i] = profile.Rescale(profile.QualifyMain(p, mains))
	}
	merged, err := profile.Merge(cfg.Profiles, ps)
	if err != nil {
		return nil, err
	}
	var split func(profile.Site) []Source
	if cfg.BySource && len(ps) > 1 {
		scope, _ := profileScope(pkgs)
		split, err = splitter(cfg.Profiles, ps, scope)
		if err != nil {
			return nil, err
		}
	}
	return fromProfile(merged, strings.Join(cfg.Profiles, ", "), pkgs, split)
}

// splitter blames each of the profiles ps (srcs) on scope, and returns
// what gives a site of their merge its split by profile: every profile,
// in srcs' order, those without the site too.
func splitter(srcs []string, ps []*pprof.Profile, scope profile.Scope) (func(profile.Site) []Source, error) {
	type key struct {
		fn, file string
		line     int
	}
	type count struct{ objects, bytes int64 }
	counts := make([]map[key]count, len(ps))
	for i, p := range ps {
		attr, err := profile.Blame(p, scope)
		if err != nil {
			return nil, err
		}
		counts[i] = map[key]count{}
		for _, s := range attr.Sites {
			counts[i][key{s.Function, s.File, s.Line}] = count{s.Objects, s.Bytes}
		}
	}
	return func(s profile.Site) []Source {
		out := make([]Source, len(srcs))
		for i, src := range srcs {
			c := counts[i][key{s.Function, s.File, s.Line}]
			out[i] = Source{Source: src, Objects: c.objects, Bytes: c.bytes}
			if s.Objects != 0 {
				out[i].Share = float64(c.objects) / float64(s.Objects)
			}
		}
		return out
	}, nil
}

// sourceSplit says a site's split by source: each profile's share of its
// objects and their count, in the order given, each wrapping as one word.
func sourceSplit(sources []Source) string {
	parts := make([]string, 0, len(sources))
	for _, src := range sources {
		parts = append(parts, strings.ReplaceAll(fmt.Sprintf("%.0f%% %s (%d objects)", 100*src.Share, src.Source, src.Objects), " ", nbsp))
	}
	return strings.Join(parts, ", ")
}
