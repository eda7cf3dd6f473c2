#include "CallGroup.h"

namespace ades {

CallGroup::CallGroup(int branches, std::function<void()> whenAll)
    : m_pending(branches)
    , m_whenAll(std::move(whenAll))
{ }

std::shared_ptr<CallGroup> CallGroup::start(int branches, std::function<void()> whenAll)
{
    return std::shared_ptr<CallGroup>(new CallGroup(branches, std::move(whenAll)));
}

void CallGroup::arrive()
{
    if (--m_pending == 0 && m_whenAll) {
        auto whenAll = std::move(m_whenAll);
        m_whenAll = nullptr;
        whenAll();
    }
}

} // namespace ades
