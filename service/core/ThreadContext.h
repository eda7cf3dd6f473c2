#pragma once

class QObject;

namespace ades {

// A QObject of the calling thread, created on first use and deleted when the thread ends: the context for
// queued calls and timers that must run on that thread (a waiter served by another thread's answer, a
// retry timer). A QPointer to it turns null once its thread has ended.
QObject *threadContext();

} // namespace ades
