#pragma once

#include <QString>
#include <functional>
#include <memory>

class QObject;

namespace ades::eu {

// Bounds the VIES requests of the whole service: at most `overall` in flight, and at most `perState` for
// one member state (VIES answers MS_MAX_CONCURRENT_REQ / GLOBAL_MAX_CONCURRENT_REQ beyond its own limits,
// which it does not publish; ../shared/reference/eu-vat.md §2.3 advises one or two per member state).
//
// A caller asks for a slot and gets it at once when one is free, otherwise in turn: interactive callers
// (a single check someone waits for) before bulk ones (batch items), first come first served within each,
// a waiter whose member state is at its limit letting the next one pass. The slot is held by the Slot
// handle: destroying its last copy releases it. Thread-safe; every I/O thread shares one gate.
class ViesGate
{
public:
    enum class Priority
    {
        Interactive,
        Bulk,
    };
    struct Limits
    {
        int overall = 10;
        int perState = 2;
    };
    using Slot = std::shared_ptr<void>;
    using Start = std::function<void(Slot slot)>;

    explicit ViesGate(Limits limits);
    ~ViesGate();
    Q_DISABLE_COPY_MOVE(ViesGate)

    Limits limits() const;
    // Runs `start` with a slot for `state` ("DE", "EL"): synchronously when one is free, otherwise later
    // through the calling thread's event loop (it needs one). A waiter whose thread has ended is dropped.
    void acquire(const QString &state, Priority priority, Start start);
    int inFlight() const;
    int waiting() const;

private:
    struct State;
    std::shared_ptr<State> m_state; // shared with the slots, which may outlive the gate
};

} // namespace ades::eu
