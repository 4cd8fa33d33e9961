public enum CassowaryPlaceholder {}
