#pragma once

#include "ServiceError.h"

#include <utility>
#include <variant>

namespace ades {

// A value or the ServiceError that explains why there is none. Errors are values: nothing throws across
// the event loop.
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    { }
    Result(ServiceError error)
        : m_data(std::in_place_index<1>, std::move(error))
    { }

    bool ok() const { return m_data.index() == 0; }
    const T &value() const { return std::get<0>(m_data); }
    T &value() { return std::get<0>(m_data); }
    const ServiceError &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, ServiceError> m_data;
};

} // namespace ades
