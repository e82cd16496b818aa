package territory

import (
	"fmt"
	"slices"
	"strings"
)

// A round of Ready AI Code 2020 sets a shape set (rules §8): each game of
// the round draws its arena's outline from the set, as "random" draws from
// every shape. The shape option therefore takes random, one shape, or a
// comma-separated set of shapes.

// shapeNames lists the shapes for error messages.
func shapeNames() string {
	names := make([]string, len(Shapes))
	for i, s := range Shapes {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// ParseShapes reads a value of the shape option: random (every shape), one
// shape, or a comma-separated set of distinct shapes (spaces around the
// commas allowed). The set comes back in the order of Shapes whatever the
// order it was written in, so that "x,square" and "square,x" draw the same
// arenas; random comes back as all of Shapes, so that the full set and
// random draw the same arenas too.
func ParseShapes(v string) ([]Shape, error) {
	if strings.TrimSpace(v) == "" {
		return nil, fmt.Errorf("no shape: give random, one shape or a comma-separated set of %s", shapeNames())
	}
	if strings.TrimSpace(v) == "random" {
		return slices.Clone(Shapes), nil
	}
	seen := map[Shape]bool{}
	for _, name := range strings.Split(v, ",") {
		s := Shape(strings.TrimSpace(name))
		switch {
		case s == "":
			return nil, fmt.Errorf("%q has an empty shape between its commas", v)
		case s == "random":
			return nil, fmt.Errorf("random cannot be part of a set (it already draws from every shape): give random alone, or the shapes")
		case !slices.Contains(Shapes, s):
			return nil, fmt.Errorf("unknown shape %q (the shapes are %s, or random)", s, shapeNames())
		case seen[s]:
			return nil, fmt.Errorf("the shape %s is listed twice in %q", s, v)
		}
		seen[s] = true
	}
	var set []Shape
	for _, s := range Shapes {
		if seen[s] {
			set = append(set, s)
		}
	}
	return set, nil
}

// allowedShapes are the shapes of set used with that player count (x is
// not used with 6 players): a set partly allowed draws among the allowed
// ones, a set with none is refused.
func allowedShapes(set []Shape, players int) ([]Shape, error) {
	var allowed []Shape
	for _, s := range set {
		if ShapeAllowed(s, players) {
			allowed = append(allowed, s)
		}
	}
	if len(allowed) == 0 {
		if len(set) == 1 {
			return nil, fmt.Errorf("the %s shape is not used with %d players", set[0], players)
		}
		return nil, fmt.Errorf("none of the shapes %s is used with %d players", joinShapes(set), players)
	}
	return allowed, nil
}

func joinShapes(set []Shape) string {
	names := make([]string, len(set))
	for i, s := range set {
		names[i] = string(s)
	}
	return strings.Join(names, ",")
}
