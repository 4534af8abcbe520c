// Package schema holds the CUE definitions of every game, one folder a game;
// each folder embeds its own files. CUE is the single source of truth for
// what a document may contain.
package schema
