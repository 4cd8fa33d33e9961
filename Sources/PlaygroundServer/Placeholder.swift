public enum ServerPlaceholder {}
