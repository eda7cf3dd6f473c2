#include "PreparedQuery.h"

namespace ades {

PreparedQuery::PreparedQuery(std::shared_ptr<Slot> slot)
    : m_slot(std::move(slot))
{
    m_slot->inUse = true;
}

PreparedQuery::PreparedQuery(PreparedQuery &&other) noexcept
    : m_slot(std::move(other.m_slot))
{ }

PreparedQuery::~PreparedQuery()
{
    if (!m_slot)
        return;
    // finish() resets the SQLite statement: an unreset SELECT would pin its read snapshot, an unreset
    // UPDATE ... RETURNING would keep its (autocommit) write transaction open.
    m_slot->query.finish();
    m_slot->inUse = false;
}

} // namespace ades
