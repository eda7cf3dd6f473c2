#include "ViesGate.h"

#include "core/ThreadContext.h"

#include <QHash>
#include <QList>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QObject>
#include <QPointer>

namespace ades::eu {

struct ViesGate::State : std::enable_shared_from_this<State>
{
    struct Waiter
    {
        QString state;
        Start start;
        QPointer<QObject> thread; // the waiter's thread context; null once that thread ended
    };

    Limits limits;
    mutable QMutex mutex;
    int inFlight = 0;
    QHash<QString, int> perState;
    QList<Waiter> interactive;
    QList<Waiter> bulk;

    bool hasRoom(const QString &state) const
    {
        return inFlight < limits.overall && perState.value(state) < limits.perState;
    }

    // Takes a slot for `state`; the mutex is held.
    Slot take(const QString &state)
    {
        ++inFlight;
        ++perState[state];
        // The token is only something to own; releasing it hands the slot on.
        struct Token
        {
        };
        const std::weak_ptr<State> self = weak_from_this();
        return Slot(new Token, [self, state](void *token) {
            delete static_cast<Token *>(token);
            if (const std::shared_ptr<State> alive = self.lock())
                alive->release(state);
        });
    }

    void release(const QString &state)
    {
        QList<std::pair<Waiter, Slot>> starting;
        {
            QMutexLocker locker(&mutex);
            --inFlight;
            if (--perState[state] <= 0)
                perState.remove(state);
            // Interactive waiters first; within a queue the first one whose member state has room.
            for (QList<Waiter> *queue : { &interactive, &bulk }) {
                for (qsizetype i = 0; i < queue->size() && inFlight < limits.overall;) {
                    if (!hasRoom(queue->at(i).state)) {
                        ++i;
                        continue;
                    }
                    Waiter waiter = queue->takeAt(i);
                    Slot slot = take(waiter.state);
                    starting.append({ std::move(waiter), std::move(slot) });
                }
            }
        }
        // Outside the lock, and queued: a start may release its slot at once, and the waiter belongs to
        // its own thread. A waiter whose thread ended is dropped; its slot goes with the pair.
        for (auto &[waiter, slot] : starting) {
            if (!waiter.thread)
                continue;
            QMetaObject::invokeMethod(
                waiter.thread.data(),
                [start = std::move(waiter.start), slot = std::move(slot)]() { start(slot); },
                Qt::QueuedConnection);
        }
    }
};

ViesGate::ViesGate(Limits limits)
    : m_state(std::make_shared<State>())
{
    m_state->limits = { qMax(1, limits.overall), qMax(1, limits.perState) };
}

ViesGate::~ViesGate() = default;

ViesGate::Limits ViesGate::limits() const
{
    return m_state->limits;
}

void ViesGate::acquire(const QString &state, Priority priority, Start start)
{
    Slot slot;
    {
        QMutexLocker locker(&m_state->mutex);
        if (m_state->hasRoom(state)) {
            slot = m_state->take(state);
        } else {
            State::Waiter waiter { state, std::move(start), ades::threadContext() };
            (priority == Priority::Interactive ? m_state->interactive : m_state->bulk)
                .append(std::move(waiter));
            return;
        }
    }
    start(std::move(slot));
}

int ViesGate::inFlight() const
{
    QMutexLocker locker(&m_state->mutex);
    return m_state->inFlight;
}

int ViesGate::waiting() const
{
    QMutexLocker locker(&m_state->mutex);
    return int(m_state->interactive.size() + m_state->bulk.size());
}

} // namespace ades::eu
