#pragma once

#include <functional>
#include <memory>

namespace ades {

// Joins parallel asynchronous branches of one operation (RPC batches, a sanctions screen, the sources of a
// market answer): each branch stores its own result and calls arrive(); the last arrival runs `whenAll`.
// Everything happens on the thread that started the branches (UpstreamClient calls back there), so no
// locking. The wall time of an operation is then its slowest branch, not their sum.
class CallGroup
{
public:
    static std::shared_ptr<CallGroup> start(int branches, std::function<void()> whenAll);
    void arrive();

private:
    CallGroup(int branches, std::function<void()> whenAll);

    int m_pending;
    std::function<void()> m_whenAll;
};

} // namespace ades
