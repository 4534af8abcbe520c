package studio

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"time"
)

// The games in play: at most Options.PlayGames, each dropped after
// Options.PlayIdle without a request. When a game starts and the store is
// full, the game used least recently is dropped; a dropped game's engine
// stops thinking (its context ends) and its id answers 410 with the
// reason.

// maxClosed is how many dropped ids the store remembers, to answer them
// 410 rather than 404.
const maxClosed = 1024

type playStore struct {
	mu     sync.Mutex
	games  map[string]*playGame
	closed map[string]string // id → why it was dropped
	order  []string          // closed ids, oldest first
	now    func() time.Time
}

func newPlayStore() *playStore {
	return &playStore{games: map[string]*playGame{}, closed: map[string]string{}, now: time.Now}
}

// newID is an unguessable game id: 128 random bits in hex.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// add stores g under a new id, dropping idle games and then, while the
// store is full, the least recently used one.
func (ps *playStore) add(g *playGame, limit int, idle time.Duration) string {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	now := ps.now()
	ps.sweep(now, idle)
	for len(ps.games) >= max(limit, 1) {
		var oldest *playGame
		for _, x := range ps.games {
			if oldest == nil || x.used().Before(oldest.used()) {
				oldest = x
			}
		}
		ps.drop(oldest, fmt.Sprintf("this game was closed to make room (the studio keeps %d games); start a new one, or reopen it from its link or log", max(limit, 1)))
	}
	g.id = newID()
	g.touch(now)
	ps.games[g.id] = g
	return g.id
}

// get is the game of id, touched; else the error to answer: 410 for a
// dropped game, 404 for an id never given.
func (ps *playStore) get(id string, idle time.Duration) (*playGame, int, string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	now := ps.now()
	ps.sweep(now, idle)
	if g := ps.games[id]; g != nil {
		g.touch(now)
		return g, 0, ""
	}
	if why, ok := ps.closed[id]; ok {
		return nil, 410, why
	}
	return nil, 404, "no game with this id: start one on the play page"
}

// sweep drops the games idle for longer than idle.
func (ps *playStore) sweep(now time.Time, idle time.Duration) {
	if idle <= 0 {
		return
	}
	for _, g := range ps.games {
		if now.Sub(g.used()) > idle {
			ps.drop(g, fmt.Sprintf("this game was closed after %s without a move (the studio keeps idle games %s); reopen it from its link or log", roundDur(now.Sub(g.used())), roundDur(idle)))
		}
	}
}

func roundDur(d time.Duration) string {
	switch {
	case d >= time.Minute:
		return d.Round(time.Minute).String()
	case d >= time.Second:
		return d.Round(time.Second).String()
	}
	return d.Round(time.Millisecond).String()
}

// drop removes g and stops its engine.
func (ps *playStore) drop(g *playGame, why string) {
	delete(ps.games, g.id)
	g.cancel()
	ps.closed[g.id] = why
	ps.order = append(ps.order, g.id)
	if len(ps.order) > maxClosed {
		delete(ps.closed, ps.order[0])
		ps.order = ps.order[1:]
	}
}

// len is the number of games in play.
func (ps *playStore) len() int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return len(ps.games)
}

// gameContext is a game's context: cancelled when the game is dropped.
func gameContext() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}
